import type { Page, TestInfo } from '@playwright/test';
import { apiURL, expect, isMobile, test, useSignedIn } from './fixtures';
import { expectNoHorizontalOverflow, placeholderFits } from './layout';

/*
 * Layout at 320, 375 and 1280 px: no horizontal overflow on any public page, nor inside the purchase
 * dialog at any step, plus the specific cuts and overlaps found on the running site. The mobile
 * project measures 320 and 375 px (touch), the desktop project 1280 px. Each page's overflow at the
 * project's own width (375 or 1280 px) is checked by a11y.spec.ts in the same visit as axe; the
 * narrowest phone, 320 px, is measured here.
 */
// Many pages at two widths per test.
test.describe.configure({ timeout: 180_000 });

const widths = (testInfo: TestInfo) => (isMobile(testInfo) ? [320, 375] : [1280]);

async function newsSlug() {
  const body = await fetch(`${apiURL()}/api/news?page=1&pageSize=1`).then((response) => response.json());
  const item = Array.isArray(body.data) ? body.data[0] : body.data.items[0];
  return item.slug as string;
}

async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('main')).toBeVisible();
}

// At 1280 px a11y.spec.ts measures every public page; the narrowest phone is the mobile project's alone.
test('no public page is wider than a 320 px screen @mobile-only', async ({ page }) => {
  const paths = [
    '/',
    '/news',
    `/news/${await newsSlug()}`,
    '/gift-code',
    '/community/test',
    '/supports',
    '/supports/my-tickets',
    '/store?tab=tieu-bieu',
    '/store?tab=tat-ca',
    '/privacy',
  ];
  await page.setViewportSize({ width: 320, height: 800 });
  for (const path of paths) {
    await page.goto(path);
    await settle(page);
    await expectNoHorizontalOverflow(page, `${path} at 320 px`);
  }
});

test('signed-in pages fit too, and the store shows every tab and its whole search hint', async ({ page }, testInfo) => {
  await useSignedIn(page, 'player1', 'player123');
  for (const width of widths(testInfo)) {
    await page.setViewportSize({ width, height: 800 });
    // At 375 and 1280 px a11y.spec.ts measures these pages in the visit that runs axe.
    for (const path of width === 320
      ? ['/store?tab=tieu-bieu', '/supports/my-tickets', '/store/history', '/gift-code']
      : []) {
      await page.goto(path);
      await settle(page);
      await expectNoHorizontalOverflow(page, `${path} signed in at ${width} px`);
    }

    await page.goto('/store?tab=tien-te');
    const search = page.getByRole('searchbox');
    expect(await placeholderFits(search), `search placeholder at ${width} px`).toMatchObject({ fits: true });
    if (width >= 768) {
      // Every tab, "Tất cả" included, is whole inside the tab strip.
      const strip = await page.getByRole('navigation', { name: 'Nhóm sản phẩm' }).boundingBox();
      const last = await page.getByRole('link', { name: 'Tất cả' }).boundingBox();
      expect(last!.x + last!.width).toBeLessThanOrEqual(strip!.x + strip!.width + 1);
    }

    // The once-a-month badge stays off the pack's art.
    await page.goto('/store?tab=tieu-bieu');
    const card = page.getByTestId('pack-105');
    const art = await card.locator('img').boundingBox();
    const badge = await card.getByTestId('pack-limit').boundingBox();
    expect(badge!.y).toBeGreaterThanOrEqual(art!.y + art!.height - 1);
    await page.screenshot({ path: `/tmp/i16-store-${width}.png` });

    // A ticket title keeps the card's width: the status badge is not on its row on a phone.
    await page.goto('/supports/my-tickets');
    const ticket = page.getByTestId('ticket-list').getByRole('link').first();
    const title = ticket.getByTestId('ticket-title');
    const [titleBox, ticketBox] = [await title.boundingBox(), await ticket.boundingBox()];
    if (width < 768) expect(titleBox!.width).toBeGreaterThan(ticketBox!.width * 0.8);
    await page.screenshot({ path: `/tmp/i16-tickets-${width}.png` });
  }
});

test('the community comment bar never covers the footer', async ({ page }, testInfo) => {
  for (const width of widths(testInfo)) {
    await page.setViewportSize({ width, height: 700 });
    await page.goto('/community/test');
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const copyright = await page.getByText(/© 2025/).boundingBox();
    const bar = await page.getByTestId('comment-bar').boundingBox();
    expect(bar!.y + bar!.height).toBeLessThanOrEqual(copyright!.y + 1);
  }
});

test('the purchase dialog fits at every step, and "Nhập User ID" starts empty', async ({ page }, testInfo) => {
  await useSignedIn(page, 'player1', 'player123');
  for (const width of widths(testInfo)) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/store?tab=tieu-bieu&productId=101');
    const dialog = page.getByTestId('purchase-dialog');
    const fits = async (step: string) => {
      await expect(dialog).toHaveAttribute('data-step', step);
      await expectNoHorizontalOverflow(page, `${step} at ${width} px`, page.getByRole('dialog'));
    };
    await fits('PREVIEW');
    await page.getByRole('button', { name: 'Mua ngay' }).click();
    await fits('SELECT_AUTH');
    await page.getByRole('button', { name: /Dùng tài khoản đang đăng nhập/ }).click();
    await fits('CONFIRM');
    // Back, then "enter a User ID": the player's own id must not be left in the field.
    await page.getByRole('button', { name: 'Quay lại' }).click();
    await page.getByRole('button', { name: /Nhập User ID/ }).click();
    await fits('ENTER_ID');
    await expect(page.getByRole('textbox', { name: 'User ID' })).toHaveValue('');
    await page.getByRole('button', { name: 'Thanh toán ngay' }).click();
    await expect(page.getByText('Vui lòng nhập User ID.')).toBeVisible();
    await expect(dialog).toHaveAttribute('data-step', 'ENTER_ID');
    await page.getByRole('button', { name: 'Cách lấy ID' }).click();
    await fits('ENTER_ID');
    await page.getByRole('textbox', { name: 'User ID' }).fill('8805678');
    await page.getByRole('button', { name: 'Thanh toán ngay' }).click();
    await fits('TRANSFER');
    for (const copy of await page.getByRole('button', { name: /^Sao chép/ }).all()) {
      const sizes = await copy.evaluate((button) => [button.scrollWidth, button.clientWidth]);
      expect(sizes[0], (await copy.getAttribute('aria-label')) ?? 'copy').toBeLessThanOrEqual(sizes[1]!);
    }
    await page.screenshot({ path: `/tmp/i16-transfer-${width}.png` });

    // Coming back with the transaction in the URL: the history step, with its banner. The dialog puts
    // the order in the URL once it is made (router.replace): reloading before that reloads no order.
    await expect(page).toHaveURL(/transactionId=[0-9a-f-]{36}/);
    await page.reload();
    await fits('CHECK_HISTORY');
    await expect(page.getByTestId('history-banner')).toHaveAttribute('src', '/shop/banner-101.webp');
  }
});

test('a URL shortId still fills "Nhập User ID" @desktop-only', async ({ page }) => {
  await page.goto('/store?tab=tieu-bieu&productId=101&shortId=8805678');
  await expect(page.getByTestId('purchase-dialog')).toHaveAttribute('data-step', 'ENTER_ID');
  await expect(page.getByRole('textbox', { name: 'User ID' })).toHaveValue('8805678');
});

test('the history banner of option 4445 is its own @desktop-only', async ({ page }) => {
  const order = await fetch(`${apiURL()}/api/transactions/bank`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ shortId: '8805678', productId: 4445 }),
  }).then((response) => response.json());
  await page.goto(`/store?tab=boc-tham&productId=4445&transactionId=${order.data.id}`);
  await expect(page.getByTestId('purchase-dialog')).toHaveAttribute('data-step', 'CHECK_HISTORY');
  const banner = page.getByTestId('history-banner');
  await expect(banner).toHaveAttribute('src', '/shop/banner-4445.webp');
  // The file exists and is a WebP image.
  const response = await page.request.get('/shop/banner-4445.webp');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('image/webp');
});

test('numbers use one style: comma thousands, in titles, contents and prices @desktop-only', async ({ page }) => {
  await page.goto('/store?tab=tien-te');
  await expect(page.getByTestId('pack-605')).toContainText('1,350 Kim Cương');
  await expect(page.getByTestId('pack-605')).toContainText('499,000đ');
  await page.goto('/store?tab=tieu-bieu&productId=101');
  await expect(page.getByRole('dialog')).toContainText('50,000 × Vàng');
  await expect(page.locator('body')).not.toContainText(/\d\.\d{3}(?!\d)/);
});

test('the community entry keeps its Vietnamese label in English', async ({ page, context, baseURL }, testInfo) => {
  await context.addCookies([{ name: 'NEXT_LOCALE', value: 'en', url: baseURL! }]);
  await page.goto('/news');
  if (isMobile(testInfo)) await page.getByRole('button', { name: /menu/i }).click();
  await expect(page.getByRole('link', { name: 'Cộng đồng' }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'News' }).first()).toBeVisible();
});
