import { expect, test, useSignedIn } from './fixtures';

// The console's lists find Vietnamese names and titles typed without diacritics, as staff type them.
test.describe('console search without diacritics @desktop-only', () => {
  test('finds a player by words typed without marks', async ({ page }) => {
    await useSignedIn(page, 'support1', 'staff123');
    await page.goto('/admin/players');
    await page.getByLabel('User ID, tên tài khoản hoặc tên hiển thị').fill('tran bao ngoc');
    await page.getByRole('button', { name: 'Tìm', exact: true }).click();
    await expect(page).toHaveURL(/q=tran(\+|%20)bao(\+|%20)ngoc/);
    await expect(page.getByText('Trần Bảo Ngọc').first()).toBeVisible();
    await expect(page.getByText('Lê Quốc Huy')).toHaveCount(0);
  });

  test('finds a news article by words typed without marks', async ({ page }) => {
    await useSignedIn(page, 'content1', 'staff123');
    await page.goto('/admin/news');
    await page.getByLabel('Tiêu đề hoặc đường dẫn').fill('bao tri may chu');
    await page.getByRole('button', { name: 'Tìm', exact: true }).click();
    await expect(page.getByText(/^Thông báo bảo trì máy chủ ngày \d\d\/\d\d$/)).toBeVisible();
    await expect(page.getByText(/Lễ hội Trứng Vàng/)).toHaveCount(0);
  });
});
