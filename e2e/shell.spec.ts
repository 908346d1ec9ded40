import { apiSignIn, expect, expectSignedInAs, isMobile, openLoginDialog, test, useSignedIn } from './fixtures';

const dialog = (page: import('@playwright/test').Page) => page.getByRole('dialog', { name: 'LOGIN' });

test.describe('site shell', () => {
  test('every route of the route table renders inside the shell @desktop-only', async ({ page }) => {
    for (const path of [
      '/',
      '/news',
      '/gift-code',
      '/community/test',
      '/supports',
      '/supports/my-tickets',
      '/store?tab=tieu-bieu',
      '/auth/google',
    ]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBeLessThan(500);
      await expect(page.locator('header')).toBeVisible();
      await expect(page.locator('footer')).toContainText('© 2025 Carabala');
    }
  });

  test('signed out: navigation order without the store, community opens a new tab', async ({ page }, testInfo) => {
    await page.goto('/');
    if (isMobile(testInfo)) await page.getByRole('button', { name: 'Mở menu' }).click();
    const nav = page.getByRole('navigation', { name: 'Điều hướng chính' });
    await expect(nav.getByRole('link')).toHaveText(['Trang chủ', 'Tin tức', 'Giftcode', 'Cộng đồng', 'Hỗ trợ']);
    const community = nav.getByRole('link', { name: 'Cộng đồng' });
    await expect(community).toHaveAttribute('target', '_blank');
    await expect(community).toHaveAttribute('href', /^https:\/\//);
    await expect(nav.getByRole('link', { name: 'Trang chủ' })).toHaveAttribute('aria-current', 'page');
  });

  test('the sign-in dialog shows every validation message and server refusal @desktop-only', async ({
    page,
  }, testInfo) => {
    await page.goto('/news');
    await openLoginDialog(page, testInfo);
    const form = dialog(page);
    await expect(form).toBeVisible();
    if (isMobile(testInfo)) await expect(page.locator('[data-vaul-drawer]')).toBeVisible();
    await expect(form.getByRole('button', { name: 'Đăng nhập bằng Google' })).toBeVisible();

    await form.getByRole('button', { name: 'Đăng nhập', exact: true }).click();
    await expect(form.getByText('Vui lòng nhập tên tài khoản Carabala.')).toBeVisible();
    await expect(form.getByText('Vui lòng nhập mật khẩu.')).toBeVisible();

    await form.getByLabel('Tên tài khoản').fill('abc');
    await form.getByLabel('Mật khẩu').fill('12345');
    await form.getByRole('button', { name: 'Đăng nhập', exact: true }).click();
    await expect(form.getByText('Vui lòng nhập trong khoảng 6-200 kí tự.')).toHaveCount(2);

    await form.getByLabel('Tên tài khoản').fill('nobody-here');
    await form.getByLabel('Mật khẩu').fill('whatever1');
    await form.getByRole('button', { name: 'Đăng nhập', exact: true }).click();
    // An unknown username is answered as a wrong password (decision record 040).
    await expect(form.getByText('Mật khẩu không chính xác')).toBeVisible();
    await expect(form.getByText('Username không tồn tại')).toHaveCount(0);

    await form.getByLabel('Tên tài khoản').fill('player3');
    await form.getByLabel('Mật khẩu').fill('player123');
    await form.getByRole('button', { name: 'Đăng nhập', exact: true }).click();
    await expect(form.getByText('Tài khoản này chưa được xác minh email')).toBeVisible();

    await form.getByLabel('Tên tài khoản').fill('player2');
    await form.getByLabel('Mật khẩu').fill('wrong-password');
    await form.getByRole('button', { name: 'Đăng nhập', exact: true }).click();
    await expect(form.getByText('Mật khẩu không chính xác')).toBeVisible();
  });

  test('a player signs in, sees their name and User ID, the store link, then signs out', async ({ page }, testInfo) => {
    await page.goto('/news');
    await openLoginDialog(page, testInfo);
    const form = dialog(page);
    await form.getByLabel('Tên tài khoản').fill('player1');
    await form.getByLabel('Mật khẩu').fill('player123');
    await form.getByRole('button', { name: 'Đăng nhập', exact: true }).click();
    await expect(form).toBeHidden();
    await expect(page).toHaveURL(/\/news$/);
    await expectSignedInAs(page, testInfo, 'Nguyễn Minh Anh');
    expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeTruthy();

    if (isMobile(testInfo)) {
      await expect(page.locator('header').getByRole('link', { name: 'Cửa hàng' })).toBeVisible();
      await page.getByRole('button', { name: 'Mở menu' }).click();
      const nav = page.getByRole('navigation', { name: 'Điều hướng chính' });
      await expect(nav.getByRole('link')).toHaveText([
        'Trang chủ',
        'Tin tức',
        'Cửa hàng',
        'Giftcode',
        'Cộng đồng',
        'Hỗ trợ',
      ]);
      await nav.getByRole('link', { name: 'Tin tức' }).click();
      await expect(nav).toBeHidden();
      await page.getByRole('button', { name: 'Mở menu' }).click();
      await page.getByRole('button', { name: 'Đăng xuất' }).click();
    } else {
      const nav = page.getByRole('navigation', { name: 'Điều hướng chính' });
      await expect(nav.getByRole('link')).toHaveText([
        'Trang chủ',
        'Tin tức',
        'Cửa hàng',
        'Giftcode',
        'Cộng đồng',
        'Hỗ trợ',
      ]);
      await page.getByTestId('user-display-name').click();
      await expect(page.getByRole('menu')).toContainText('#8801234');
      await page.getByRole('menuitem', { name: 'Đăng xuất' }).click();
    }
    await expect(page.locator('header').getByRole('button', { name: 'Đăng nhập' }).first()).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();
    expect(await page.evaluate(() => localStorage.getItem('user_detail'))).toBeNull();
  });

  test('the menu keeps focus inside, Escape closes it and focus returns to its button', async ({ page }, testInfo) => {
    await useSignedIn(page, 'player1', 'player123');
    await page.goto('/');
    if (isMobile(testInfo)) {
      const button = page.getByRole('button', { name: 'Mở menu' });
      await button.click();
      const menu = page.getByRole('dialog', { name: 'Menu' });
      await expect(menu.getByTestId('mobile-display-name')).toContainText('Nguyễn Minh Anh');
      for (let i = 0; i < 12; i += 1) await page.keyboard.press('Tab');
      expect(await menu.evaluate((element) => element.contains(document.activeElement))).toBe(true);
      await page.keyboard.press('Escape');
      await expect(menu).toBeHidden();
      await expect(button).toBeFocused();
    } else {
      const button = page.locator('header button', { has: page.getByTestId('user-display-name') });
      await button.click();
      const menu = page.getByRole('menu');
      await expect(menu).toContainText('#8801234');
      await page.keyboard.press('ArrowDown');
      expect(await menu.evaluate((element) => element.contains(document.activeElement))).toBe(true);
      await page.keyboard.press('Escape');
      await expect(menu).toBeHidden();
      await expect(button).toBeFocused();
    }
  });

  test('a 401 from the API signs the player out @desktop-only', async ({ page }, testInfo) => {
    const session = await useSignedIn(page, 'player2', 'player123');
    await page.goto('/');
    await expectSignedInAs(page, testInfo, 'Trần Bảo Ngọc');
    // The session is revoked elsewhere; the next call gets 401 and the site treats the player as signed out.
    await fetch(`${process.env.E2E_API_URL}/api/auth/logout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${session.accessToken}`, 'content-type': 'application/json' },
      body: '{}',
    });
    await page.reload();
    await expect(page.locator('header').getByRole('button', { name: 'Đăng nhập' }).first()).toBeVisible();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('user_detail'))).toBeNull();
  });

  test('the language can be switched to English and is remembered @desktop-only', async ({ page }, testInfo) => {
    await page.goto('/');
    await page.locator('footer').getByLabel('Ngôn ngữ').selectOption('en');
    if (isMobile(testInfo)) await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('navigation').first().getByRole('link', { name: 'News' })).toBeVisible();
    const cookie = (await page.context().cookies()).find((c) => c.name === 'NEXT_LOCALE');
    expect(cookie?.value).toBe('en');
    // A player page in English, its title and the form's own messages (catalogue keys) included, has no
    // Vietnamese sentence: only the names kept in every language, and the publisher's registered name,
    // address and licence, which the operator configures (decision record 053).
    await page.goto('/store/lookup');
    await expect(page).toHaveTitle(/^Find an order \|/);
    await page.getByTestId('order-lookup').getByRole('button', { name: 'Find the order' }).click();
    await expect(page.getByTestId('order-lookup')).toContainText('Please enter an order code.');
    await expect(page.getByTestId('order-lookup')).toContainText('Please enter a User ID.');
    const publisher = (await page.getByTestId('footer-publisher').locator('p:not([data-testid])').allInnerTexts()).join(
      ' ',
    );
    const words = (await page.locator('body').innerText()).match(/\S*[^\s!-~]\S*/g) ?? [];
    const kept = ['Cộng', 'đồng', 'Tiếng', 'Việt', '©', '×', '…', '·', '–', '—'];
    const vietnamese = words.filter((word) => !kept.some((name) => word.includes(name)) && !publisher.includes(word));
    expect(vietnamese).toEqual([]);
    await page.context().clearCookies();
  });
});

test('the console is a workplace of its own: its bar and navigation, no player header or footer @desktop-only', async ({
  page,
}) => {
  await useSignedIn(page, 'support1', 'staff123');
  await page.goto('/admin/tickets');
  const bar = page.getByTestId('console-header');
  await expect(bar).toContainText('Hỗ trợ khách hàng');
  await expect(page.getByRole('navigation', { name: 'Khu vực quản trị' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Điều hướng chính' })).toHaveCount(0);
  await expect(page.locator('footer')).toHaveCount(0);
  await expect(page.getByTestId('footer-play-time')).toHaveCount(0);
  // The way back to the player site, which has its header and footer again.
  await bar.getByRole('link', { name: 'Trang người chơi' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('navigation', { name: 'Điều hướng chính' })).toBeVisible();
  await expect(page.locator('footer')).toContainText('© 2025 Carabala');
});

test('the API signs in the seeded admin @desktop-only', async () => {
  const session = await apiSignIn('admin1', 'admin123');
  expect(session.user.shortId).toBe('8800001');
});
