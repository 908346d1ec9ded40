import { expectAccessible } from './axe';
import { expect, test, useSignedIn } from './fixtures';

// The daily check-in "Điểm danh" (issue 41, decision record 061) on a phone: the demo's published 7-day
// calendar; one check-in, its reward said, the day received, the button then disabled with a sentence.

test('a player checks in once at 375 px: the reward, the day received, then the button disabled with when the next opens @mobile-only', async ({
  page,
}, testInfo) => {
  await useSignedIn(page, 'player8', 'player123');
  await page.goto('/checkin');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: 'Điểm danh 7 ngày' })).toBeVisible();
  await expect(main.getByText(/bỏ lỡ một ngày thì chuỗi bắt đầu lại từ ngày 1/)).toBeVisible();
  await expect(main.getByTestId('checkin-day-1')).toHaveAttribute('data-state', 'today');
  await expect(main.getByTestId('checkin-streak')).toHaveText('Chuỗi điểm danh: 0 ngày liên tiếp');

  await main.getByRole('button', { name: 'Điểm danh', exact: true }).click();
  await expect(main.getByRole('status')).toHaveText(
    /^Điểm danh thành công! Quà ngày 1 \(5,000 × Vàng\) đã được gửi vào hộp thư trong game\.$/,
  );
  await expect(main.getByTestId('checkin-day-1')).toHaveAttribute('data-state', 'claimed');
  await expect(main.getByTestId('checkin-day-1')).toContainText('Đã nhận');
  await expect(main.getByTestId('checkin-streak')).toHaveText('Chuỗi điểm danh: 1 ngày liên tiếp');
  const button = main.getByRole('button', { name: 'Điểm danh', exact: true });
  await expect(button).toBeDisabled();
  await expect(main.getByTestId('checkin-next')).toHaveText(
    /^Bạn đã điểm danh hôm nay\. Lần điểm danh tiếp theo mở lúc 00:00 \d{2}\/\d{2}\/\d{4}\.$/,
  );
  // Nothing runs over the phone's width.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.screenshot({ path: testInfo.outputPath('checkin-375.png'), fullPage: true });
  await expectAccessible(page, '/checkin');

  // Again after a reload: the state is the server's, the button stays disabled.
  await page.reload();
  await expect(main.getByTestId('checkin-day-1')).toHaveAttribute('data-state', 'claimed');
  await expect(main.getByRole('button', { name: 'Điểm danh', exact: true })).toBeDisabled();
});

test('the festival banner leads to the top-up event page: its window, milestones and the way to the store', async ({
  page,
}, testInfo) => {
  await useSignedIn(page, 'player8', 'player123');
  await page.goto('/');
  const banner = page.getByTestId(testInfo.project.name === 'mobile' ? 'banner-mobile' : 'banner-desktop');
  const link = banner.locator('a[href^="/events/"]').first();
  const href = await link.getAttribute('href');
  expect(href).toMatch(/^\/events\/\d+$/);
  await page.goto(href!);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: 'Nạp tích lũy Lễ hội Trứng Vàng' })).toBeVisible();
  await expect(main.getByTestId('event-spent')).toHaveText(/^Bạn đã nạp [\d,]+đ trong sự kiện$/);
  await expect(main.getByRole('progressbar')).toBeVisible();
  await expect(main.getByTestId('event-milestone-100000')).toContainText('Mốc 100,000đ');
  await expect(main.getByRole('link', { name: 'Nạp ngay' })).toHaveAttribute('href', '/store');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()!.width,
  );
  await page.screenshot({ path: testInfo.outputPath(`event-${testInfo.project.name}.png`), fullPage: true });
  await expectAccessible(page, href!);
});

test('the console’s check-in calendar: the published 7 days, their items, the state @desktop-only', async ({
  page,
}, testInfo) => {
  await useSignedIn(page, 'content1', 'staff123');
  await page.goto('/admin/checkin');
  await expect(page.getByRole('heading', { name: 'Lịch điểm danh' })).toBeVisible();
  await expect(page.getByTestId('checkin-calendar-state')).toHaveText('Đã đăng');
  await expect(page.getByLabel('Tên lịch')).toHaveValue('Điểm danh 7 ngày');
  await expect(page.getByRole('group', { name: 'Quà ngày 7' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('admin-checkin-desktop.png'), fullPage: true });
  await expectAccessible(page, '/admin/checkin');
  await page.setViewportSize({ width: 375, height: 812 });
  await page.screenshot({ path: testInfo.outputPath('admin-checkin-375.png'), fullPage: true });
});
