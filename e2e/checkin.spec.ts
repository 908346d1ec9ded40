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

  // Again after a reload: the state is the server's, the button stays disabled.
  await page.reload();
  await expect(main.getByTestId('checkin-day-1')).toHaveAttribute('data-state', 'claimed');
  await expect(main.getByRole('button', { name: 'Điểm danh', exact: true })).toBeDisabled();
});
