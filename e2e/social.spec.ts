import type { Page, TestInfo } from '@playwright/test';
import { expect, expectSignedInAs, isMobile, openLoginDialog, test, useSignedIn } from './fixtures';

/*
 * Google: the real redirect flow against a real OpenID provider (oidc-provider) on 127.0.0.1, which
 * the e2e runner starts and the API is configured with. Facebook: the SDK script cannot load
 * offline, so connect.facebook.net is answered by a stand-in script whose FB.login hands back a
 * token issued by the Graph API stand-in; the API checks that token with debug_token as in production.
 */

const dialog = (page: Page) => page.getByRole('dialog', { name: 'LOGIN' });
const graphUrl = () => process.env.E2E_GRAPH_URL!;
/** Our alert, not Next's (empty) route announcer, which also has the alert role. */
const pageAlert = (page: Page) => page.getByRole('alert').filter({ hasText: /\S/ });

/** Opens the place the linking controls live: the user menu on desktop, the full-screen menu on mobile. */
async function openAccountMenu(page: Page, testInfo: TestInfo) {
  if (isMobile(testInfo)) await page.getByRole('button', { name: 'Mở menu' }).click();
  else await page.getByTestId('user-display-name').click();
  return page.getByRole('region', { name: 'Liên kết đăng nhập' });
}

async function signOut(page: Page, testInfo: TestInfo) {
  if (isMobile(testInfo)) {
    await page.getByRole('button', { name: 'Mở menu' }).click();
    await page.getByRole('button', { name: 'Đăng xuất' }).click();
  } else {
    await page.getByTestId('user-display-name').click();
    await page.getByRole('menuitem', { name: 'Đăng xuất' }).click();
  }
  await expect(page.locator('header').getByRole('button', { name: 'Đăng nhập' }).first()).toBeVisible();
}

/** The stand-in provider's account chooser (shown when the browser has no session there yet). */
async function chooseGoogleAccount(page: Page, subject: string) {
  await expect(page.getByRole('heading', { name: 'Chọn tài khoản' })).toBeVisible();
  expect(new URL(page.url()).origin).toBe(process.env.E2E_OIDC_ISSUER);
  await page.getByLabel('Google subject').fill(subject);
  await page.getByRole('button', { name: 'Tiếp tục' }).click();
}

/** Serves a stand-in Facebook SDK whose FB.login answers `connected` with the given token and user. */
async function standInFacebookSdk(page: Page, userId: string) {
  const response = await fetch(`${graphUrl()}/stand-in/tokens`, { method: 'POST', body: JSON.stringify({ userId }) });
  const { token } = (await response.json()) as { token: string };
  const requested: string[] = [];
  await page.route('https://connect.facebook.net/**', async (route) => {
    requested.push(route.request().url());
    await route.fulfill({
      contentType: 'application/javascript',
      body: `window.FB = {
        init: function (options) { window.__fbInit = options; },
        login: function (callback, options) {
          window.__fbScope = options.scope;
          callback({ status: 'connected', authResponse: { accessToken: ${JSON.stringify(token)}, userID: ${JSON.stringify(userId)} } });
        },
      };
      setTimeout(function () { window.fbAsyncInit(); });`,
    });
  });
  return requested;
}

test.describe('Google sign-in (redirect mode)', () => {
  test('an unlinked Google profile is told so in Vietnamese, and can go back @desktop-only', async ({
    page,
  }, testInfo) => {
    await page.goto('/news');
    await openLoginDialog(page, testInfo);
    await dialog(page).getByRole('button', { name: 'Đăng nhập bằng Google' }).click();
    await chooseGoogleAccount(page, `g-unlinked-${testInfo.project.name}`);

    await expect(page).toHaveURL(/\/auth\/google$/);
    await expect(pageAlert(page)).toContainText('Tài khoản Google này chưa được liên kết với tài khoản game nào');
    await page.screenshot({ path: testInfo.outputPath(`google-unlinked-${testInfo.project.name}.png`) });
    await page.getByRole('button', { name: 'Quay lại trang trước' }).click();
    await expect(page).toHaveURL(/\/news$/);
    await expect(page.locator('header').getByRole('button', { name: 'Đăng nhập' }).first()).toBeVisible();
  });

  test('a player links Google from the user menu, then the Google button signs them in where they were', async ({
    page,
  }, testInfo) => {
    // Each project uses its own account, so the two viewports can run side by side.
    const [username, displayName] = isMobile(testInfo) ? ['player2', 'Trần Bảo Ngọc'] : ['player1', 'Nguyễn Minh Anh'];
    const subject = `g-${username}-${Date.now()}`;
    await useSignedIn(page, username, 'player123');
    await page.goto('/gift-code');

    let links = await openAccountMenu(page, testInfo);
    await expect(links.getByTestId('link-google')).toContainText('Chưa liên kết');
    await links.getByTestId('link-google').getByRole('button', { name: 'Liên kết' }).click();
    await chooseGoogleAccount(page, subject);
    await expect(page).toHaveURL(/\/gift-code$/);
    links = await openAccountMenu(page, testInfo);
    await expect(links.getByTestId('link-google')).toContainText('Đã liên kết');
    await page.screenshot({ path: testInfo.outputPath(`linked-${testInfo.project.name}.png`) });
    // Escape closes the user menu and the mobile menu alike.
    await page.keyboard.press('Escape');
    await expect(page.getByRole('region', { name: 'Liên kết đăng nhập' })).toBeHidden();

    await signOut(page, testInfo);
    await page.goto('/supports');
    await openLoginDialog(page, testInfo);
    await dialog(page).getByRole('button', { name: 'Đăng nhập bằng Google' }).click();
    // The provider remembers this browser, as Google does: it comes straight back with a code.
    await expect(page).toHaveURL(/\/supports$/);
    await expectSignedInAs(page, testInfo, displayName);
    expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeTruthy();
    expect(await page.evaluate(() => localStorage.getItem('previous_url'))).toBeNull();

    // Unlinking takes the profile off the account.
    links = await openAccountMenu(page, testInfo);
    await links.getByTestId('link-google').getByRole('button', { name: 'Huỷ liên kết' }).click();
    await expect(links.getByTestId('link-google')).toContainText('Chưa liên kết');
  });

  test('a return that this tab did not start is refused @desktop-only', async ({ page }) => {
    await page.goto('/auth/google?code=stolen-code&state=forged');
    await expect(pageAlert(page)).toContainText('hết hạn hoặc không hợp lệ');
    expect(page.url()).not.toContain('stolen-code');
  });
});

test.describe('Facebook sign-in', () => {
  test('unlinked, then linked from the menu, then the Facebook button signs in @desktop-only', async ({
    page,
  }, testInfo) => {
    const facebookUser = `${isMobile(testInfo) ? 1 : 2}${Date.now()}`;
    const sdkRequests = await standInFacebookSdk(page, facebookUser);
    await page.goto('/news');
    await openLoginDialog(page, testInfo);
    await dialog(page).getByRole('button', { name: 'Đăng nhập bằng Facebook' }).click();
    await expect(dialog(page).getByRole('alert')).toContainText('Tài khoản Facebook này chưa được liên kết');
    expect(sdkRequests).toEqual(['https://connect.facebook.net/en_US/sdk.js']);
    expect(await page.evaluate(() => (window as unknown as { __fbScope: string }).__fbScope)).toBe('email');
    expect(await page.evaluate(() => (window as unknown as { __fbInit: { version: string } }).__fbInit.version)).toBe(
      'v15.0',
    );
    await page.keyboard.press('Escape');

    const [username, displayName] = isMobile(testInfo) ? ['player2', 'Trần Bảo Ngọc'] : ['player1', 'Nguyễn Minh Anh'];
    await openLoginDialog(page, testInfo);
    await dialog(page).getByLabel('Tên tài khoản').fill(username);
    await dialog(page).getByLabel('Mật khẩu').fill('player123');
    await dialog(page).getByRole('button', { name: 'Đăng nhập', exact: true }).click();
    await expectSignedInAs(page, testInfo, displayName);

    const links = await openAccountMenu(page, testInfo);
    await links.getByTestId('link-facebook').getByRole('button', { name: 'Liên kết' }).click();
    await expect(links.getByTestId('link-facebook')).toContainText('Đã liên kết');
    // Escape closes the user menu and the mobile menu alike.
    await page.keyboard.press('Escape');
    await expect(page.getByRole('region', { name: 'Liên kết đăng nhập' })).toBeHidden();

    await signOut(page, testInfo);
    await openLoginDialog(page, testInfo);
    await dialog(page).getByRole('button', { name: 'Đăng nhập bằng Facebook' }).click();
    await expect(dialog(page)).toBeHidden();
    await expectSignedInAs(page, testInfo, displayName);

    const menu = await openAccountMenu(page, testInfo);
    await menu.getByTestId('link-facebook').getByRole('button', { name: 'Huỷ liên kết' }).click();
    await expect(menu.getByTestId('link-facebook')).toContainText('Chưa liên kết');
  });
});

test('without configured providers the buttons say this sign-in is not available @desktop-only', async ({
  page,
}, testInfo) => {
  // What an API without GOOGLE_CLIENT_ID / FACEBOOK_APP_ID answers (asserted in the API tests).
  await page.route('**/api/auth/providers', (route) =>
    route.fulfill({ json: { code: 'api.success', data: { google: null, facebook: null } } }),
  );
  const sdkRequests: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('connect.facebook.net')) sdkRequests.push(request.url());
  });
  await page.goto('/news');
  await openLoginDialog(page, testInfo);
  await dialog(page).getByRole('button', { name: 'Đăng nhập bằng Google' }).click();
  await expect(dialog(page).getByRole('alert')).toHaveText(
    'Đăng nhập bằng Google hiện chưa khả dụng. Vui lòng dùng tài khoản Carabala.',
  );
  await dialog(page).getByRole('button', { name: 'Đăng nhập bằng Facebook' }).click();
  await expect(dialog(page).getByRole('alert')).toHaveText(
    'Đăng nhập bằng Facebook hiện chưa khả dụng. Vui lòng dùng tài khoản Carabala.',
  );
  await expect(page).toHaveURL(/\/news$/);
  expect(sdkRequests).toEqual([]);
});

test.describe('linking from the sign-in dialog (POST /api/auth/carabala/tmp/1-4)', () => {
  const account = (testInfo: TestInfo) =>
    isMobile(testInfo)
      ? { username: 'player2', displayName: 'Trần Bảo Ngọc', shortId: '8805678' }
      : { username: 'player1', displayName: 'Nguyễn Minh Anh', shortId: '8801234' };

  async function linkSteps(page: Page, scope: ReturnType<Page['locator']>, testInfo: TestInfo, provider: string) {
    const { username, displayName, shortId } = account(testInfo);
    // The step's form can mount a moment after the dialog switches to it: fill until the API answers.
    await expect(async () => {
      await scope.getByLabel('Tên tài khoản').fill(username);
      await scope.getByLabel('Mật khẩu').fill('wrong-password');
      await scope.getByRole('button', { name: 'Tiếp tục' }).click();
      await expect(scope.getByText('Mật khẩu không chính xác')).toBeVisible({ timeout: 5_000 });
    }).toPass({ timeout: 30_000 });
    await scope.getByLabel('Mật khẩu').fill('player123');
    await scope.getByRole('button', { name: 'Tiếp tục' }).click();
    await expect(
      scope.getByText(`Liên kết ${provider} với tài khoản ${displayName} (User ID #${shortId})?`),
    ).toBeVisible();
    await page.screenshot({ path: `/tmp/i16-link-${provider}-${testInfo.project.name}.png` });
    await scope.getByRole('button', { name: 'Xác nhận liên kết' }).click();
  }

  async function unlink(page: Page, testInfo: TestInfo, provider: string) {
    const links = await openAccountMenu(page, testInfo);
    await links.getByTestId(`link-${provider}`).getByRole('button', { name: 'Huỷ liên kết' }).click();
    await expect(links.getByTestId(`link-${provider}`)).toContainText('Chưa liên kết');
  }

  test('Facebook answers "not linked", the dialog links it to the product account and signs in', async ({
    page,
  }, testInfo) => {
    await standInFacebookSdk(page, `3${isMobile(testInfo) ? 1 : 2}${Date.now()}`);
    await page.goto('/news');
    await openLoginDialog(page, testInfo);
    await dialog(page).getByRole('button', { name: 'Đăng nhập bằng Facebook' }).click();
    await expect(dialog(page).getByRole('alert')).toContainText('Tài khoản Facebook này chưa được liên kết');
    await dialog(page).getByRole('button', { name: 'Liên kết Facebook với tài khoản Carabala' }).click();
    await linkSteps(page, dialog(page), testInfo, 'Facebook');
    await expect(dialog(page)).toBeHidden();
    await expectSignedInAs(page, testInfo, account(testInfo).displayName);
    await unlink(page, testInfo, 'facebook');
  });

  test('Google answers "not linked" on its return page, which links it and goes back signed in @desktop-only', async ({
    page,
  }, testInfo) => {
    await page.goto('/news');
    await openLoginDialog(page, testInfo);
    await dialog(page).getByRole('button', { name: 'Đăng nhập bằng Google' }).click();
    await chooseGoogleAccount(page, `g-dialog-${testInfo.project.name}-${Date.now()}`);
    await expect(pageAlert(page)).toContainText('Tài khoản Google này chưa được liên kết');
    // The spent code cannot be used again: linking asks Google once more (it remembers this browser).
    await page.getByRole('button', { name: 'Liên kết Google với tài khoản Carabala' }).click();
    await linkSteps(page, page.locator('main'), testInfo, 'Google');
    await expect(page).toHaveURL(/\/news$/);
    await expectSignedInAs(page, testInfo, account(testInfo).displayName);
    await unlink(page, testInfo, 'google');
  });
});
