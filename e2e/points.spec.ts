import type { TestInfo } from '@playwright/test';
import { apiSignIn, apiURL, expect, test, useSignedIn } from './fixtures';

// Points (decision record 060): a player redeems a reward in "Đổi điểm" on a phone and the staff see its
// mail in the player's mailbox once.

const PLAYER = { username: 'player10', shortId: '8800246', name: 'Lý Thanh Hà' };

async function staffCall(method: string, path: string, body?: object) {
  const admin = await apiSignIn('admin1', 'admin123');
  const response = await fetch(`${apiURL()}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${admin.accessToken}`, 'content-type': 'application/json' },
    body: JSON.stringify(body ?? {}),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()).data;
}

/** Published settings, a published reward of its own, and 100 points more for the player. */
async function setUp(testInfo: TestInfo) {
  await staffCall('PUT', '/internal/points/settings', { rate: 1, expiryMonths: 12, approvalThreshold: 100_000 });
  await staffCall('POST', '/internal/points/settings/publish');
  const title = `Rương E2E ${Date.now().toString(36)} ${testInfo.project.name}`;
  const item = await staffCall('POST', '/internal/points/items', {
    title,
    items: [{ itemId: 'hero_chest', quantity: 1 }],
    price: 40,
    perPlayerLimit: 1,
  });
  await staffCall('POST', `/internal/points/items/${item.id}/publish`);
  await staffCall('POST', '/internal/points/adjustments', {
    shortId: PLAYER.shortId,
    points: 100,
    reason: 'Quà thử nghiệm',
  });
  return title;
}

test('a player redeems a reward on a phone and its mail reaches the mailbox once @mobile-only', async ({
  page,
  browser,
}, testInfo) => {
  const title = await setUp(testInfo);
  await useSignedIn(page, PLAYER.username, 'player123');
  await page.goto('/points');
  await expect(
    page.getByTestId('points-history').getByText('Được cộng 100 điểm: Quà thử nghiệm').first(),
  ).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('points-375.png'), fullPage: true });
  await page.getByTestId('points-to-shop').click();
  await expect(page).toHaveURL(/\/points\/shop$/);

  const card = page.getByTestId('shop-item').filter({ hasText: title });
  await card.getByTestId('shop-redeem').click();
  await expect(page.getByText(`Dùng 40 điểm để đổi “${title}”?`)).toBeVisible();
  await page.getByTestId('redeem-confirm').click();
  await expect(page.getByTestId('redeem-outcome')).toContainText(
    `Đã đổi “${title}”. Quà đang được gửi vào hộp thư trong game`,
  );
  await page.getByRole('button', { name: 'Đóng', exact: true }).first().click();
  // The limit of one is reached: the card says so, with no reload.
  await expect(card.getByText('Đã đổi 1/1 lần')).toBeVisible();
  await expect(card.getByTestId('shop-redeem')).toHaveText('Đã đổi đủ lượt');
  await page.screenshot({ path: testInfo.outputPath('points-shop-375.png'), fullPage: true });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  const staff = await browser.newPage({ viewport: { width: 375, height: 800 } });
  await useSignedIn(staff, 'admin1', 'admin123');
  await staff.goto('/admin/players');
  await staff.getByLabel('User ID, tên tài khoản hoặc tên hiển thị').fill(PLAYER.shortId);
  await staff.getByRole('button', { name: 'Tìm', exact: true }).click();
  await staff.getByRole('link', { name: PLAYER.name, exact: true }).click();
  const mails = staff.getByTestId('player-mails');
  await expect(mails.getByText(`Đổi điểm: ${title}`)).toHaveCount(1);
  await staff.close();
});

test('the points pages and the console at 1280 px @desktop-only', async ({ page, browser }, testInfo) => {
  const title = await setUp(testInfo);
  await useSignedIn(page, PLAYER.username, 'player123');
  await page.goto('/points/shop');
  await expect(page.getByTestId('shop-item').filter({ hasText: title })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('points-shop-1280.png'), fullPage: true });
  await page.goto('/points');
  await expect(page.getByTestId('points-balance')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('points-1280.png'), fullPage: true });

  const staff = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await useSignedIn(staff, 'admin1', 'admin123');
  await staff.goto(`/admin/points?player=${PLAYER.shortId}`);
  await expect(staff.getByRole('heading', { level: 1, name: 'Điểm tích lũy' })).toBeVisible();
  await expect(staff.getByTestId('points-settings-state')).toHaveText('Đã đăng');
  await expect(staff.getByTestId('points-item-row').filter({ hasText: title })).toBeVisible();
  await expect(staff.getByText(`${PLAYER.name} (ID: ${PLAYER.shortId})`)).toBeVisible();
  await staff.screenshot({ path: testInfo.outputPath('points-console-1280.png'), fullPage: true });
  await staff.goto('/admin/analytics');
  await expect(staff.getByTestId('points-figures').getByRole('heading', { name: 'Số liệu điểm' })).toBeVisible();
  await expect(staff.getByTestId('points-outstanding')).not.toHaveText('0');
  await staff.screenshot({ path: testInfo.outputPath('analytics-points-1280.png'), fullPage: true });
  await staff.close();
});
