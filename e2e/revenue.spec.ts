import { expect, test, useSignedIn } from './fixtures';

const amount = (text: string) => Number(text.replace(/\D/g, ''));

// One revenue: the overview's "Doanh thu hôm nay" is the daily report's "Đã ghi có" for today.
test('the overview says today what the daily report credits today @desktop-only', async ({ page }) => {
  await useSignedIn(page, 'admin1', 'admin123');
  const overview = async () => {
    await page.goto('/admin');
    return amount(await page.getByTestId('overview-revenueToday').innerText());
  };
  // Other tests pay orders meanwhile: compare only when the overview did not move around the report.
  await expect(async () => {
    const before = await overview();
    await page.goto('/admin/reports');
    const credited = amount(await page.getByTestId('report-credited').innerText());
    expect(await overview()).toBe(before);
    expect(credited).toBe(before);
  }).toPass({ timeout: 60_000 });
});
