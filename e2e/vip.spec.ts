import type { Page, TestInfo } from '@playwright/test';
import { apiSignIn, apiURL, expect, stepUpIfAsked, test, useSignedIn } from './fixtures';

// VIP tiers (issue 41, decision record 059): a player sees their tier, its progress bar to the next
// tier and the badge in the menu, at 375 px. The tiers made here give no perk (no bonus, no tier-only
// pack, no gift), so no other test's order or mail changes.

const shot = (page: Page, testInfo: TestInfo, name: string) =>
  page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true });

async function publishTier(title: string, threshold: number) {
  const content = await apiSignIn('content1', 'staff123', { fresh: true });
  const call = (path: string, body: object) =>
    fetch(`${apiURL()}/api${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${content.accessToken}` },
      body: JSON.stringify(body),
    }).then((response) => response.json());
  const created = await call('/internal/vip-tiers', { title, threshold, windowDays: 365 });
  expect(created.code).toBe('api.success');
  expect((await call(`/internal/vip-tiers/${created.data.id}/publish`, {})).code).toBe('api.success');
}

test('a player sees their VIP tier, the way to the next and the badge in the menu @mobile-only', async ({
  page,
}, testInfo) => {
  const suffix = String(Date.now()).slice(-5);
  await publishTier(`Đồng ${suffix}`, 1_000);
  await publishTier(`Kim cương ${suffix}`, 50_000_000);
  // player1 paid 99,000đ by bank transfer two days ago (the demo's paid order): above 1,000đ.
  await useSignedIn(page, 'player1', 'player123');
  await page.goto('/vip');
  await expect(page.getByRole('heading', { name: 'Thành viên VIP' })).toBeVisible();
  await expect(page.getByTestId('vip-current-tier')).toHaveText(`Đồng ${suffix}`);
  const bar = page.getByRole('progressbar', { name: `Tiến độ lên hạng Kim cương ${suffix}` });
  await expect(bar).toBeVisible();
  await expect(page.getByTestId('vip-mine')).toContainText(`để lên hạng Kim cương ${suffix}`);
  await expect(page.getByText(/Nghị định 147\/2024/)).toBeVisible();
  // Nothing wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await shot(page, testInfo, 'vip-375');

  await page.getByRole('button', { name: 'Mở menu' }).click();
  await expect(page.getByTestId('vip-badge')).toHaveText(`VIP Đồng ${suffix}`);
  await expect(page.getByTestId('mobile-user-links').getByRole('link', { name: 'Thành viên VIP' })).toBeVisible();
  await page.keyboard.press('Escape');

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.reload();
  await expect(page.getByTestId('vip-current-tier')).toHaveText(`Đồng ${suffix}`);
  await shot(page, testInfo, 'vip-1280');
});

test('staff draft a VIP tier in the console and publish it with a code @desktop-only', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await useSignedIn(page, 'content1', 'staff123');
  const title = `Bạch kim ${Date.now().toString(36)}`;
  await page.goto('/admin/vip/new');
  await page.getByRole('button', { name: 'Lưu bản nháp' }).click();
  await expect(page.getByText('Vui lòng nhập tên hạng (tối đa 60 ký tự).')).toBeVisible();
  await page.getByLabel('Tên hạng').fill(title);
  await page.getByLabel('Mốc nạp (đ)').fill('90000000');
  await page.getByRole('button', { name: 'Lưu bản nháp' }).click();
  await stepUpIfAsked(page, 'content1', page.getByTestId('vip-tier-state'));
  await expect(page).toHaveURL(/\/admin\/vip\/\d+$/);
  await expect(page.getByTestId('vip-tier-state')).toHaveText('Bản nháp');
  await page.getByRole('button', { name: 'Đăng hạng' }).click();
  await page.getByRole('button', { name: 'Xác nhận' }).click();
  await stepUpIfAsked(page, 'content1', page.getByText('Đã đăng hạng VIP.'));
  await expect(page.getByTestId('vip-tier-state')).toHaveText('Đã đăng');

  await page.goto('/admin/vip?q=bach kim');
  const row = page.getByTestId('vip-tier-row').filter({ hasText: title });
  await expect(row).toContainText('Từ 90,000,000đ trong 365 ngày');
  await page.screenshot({ path: testInfo.outputPath('vip-console-1280.png'), fullPage: true });
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(row).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('vip-console-375.png'), fullPage: true });
});
