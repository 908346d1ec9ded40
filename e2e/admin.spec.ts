import { expect, test, useSignedIn } from './fixtures';

test.describe('staff console: access, overview, players, audit', () => {
  test('a guest gets the sign-in card and a player is refused', async ({ page }) => {
    await page.goto('/admin/players');
    await expect(page.getByText('Đăng nhập bằng tài khoản nhân viên để vào khu vực quản trị.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Người chơi' })).toHaveCount(0);

    await useSignedIn(page, 'player1', 'player123');
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Không có quyền truy cập' })).toBeVisible();
    await expect(page.getByTestId('overview-revenueToday')).toHaveCount(0);
  });

  test('an admin sees the overview, changes a role with confirmation, and finds it in the audit log', async ({
    page,
  }, testInfo) => {
    await useSignedIn(page, 'admin1', 'admin123');
    await page.goto('/admin');
    await expect(page.getByTestId('overview-revenueToday')).toContainText('đ');
    await expect(page.getByTestId('overview-ticketsOpen')).toHaveAttribute(
      'href',
      '/admin/tickets?status=PROCESSING&sort=waiting',
    );

    await page.getByRole('navigation', { name: 'Khu vực quản trị' }).getByRole('link', { name: 'Người chơi' }).click();
    await page.getByLabel('User ID, tên tài khoản hoặc tên hiển thị').fill('player3');
    await page.getByRole('button', { name: 'Tìm', exact: true }).click();
    await expect(page).toHaveURL(/q=player3/);
    const row = page.getByRole('listitem').filter({ hasText: '#8809012' });
    await expect(row).toHaveCount(1);

    // Promote, then restore: each project leaves the account as it found it.
    const target = testInfo.project.name === 'mobile' ? 'staff' : 'admin';
    await row.getByLabel('Vai trò').selectOption(target);
    await row.getByRole('button', { name: 'Đổi vai trò' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Xác nhận' }).click();
    await expect(page.getByText(/Đã đổi vai trò của Lê Quốc Huy/)).toBeVisible();
    await row.getByLabel('Vai trò').selectOption('player');
    await row.getByRole('button', { name: 'Đổi vai trò' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Xác nhận' }).click();
    await expect(page.getByText('Đã đổi vai trò của Lê Quốc Huy thành Người chơi.')).toBeVisible();

    await page.goto('/admin/audit?action=user.role.change');
    const entries = page.getByRole('row').filter({ hasText: 'user.role.change' });
    await expect(entries.filter({ hasText: `"to": "${target}"` }).first()).toBeVisible();
    await expect(entries.first()).toContainText('Quản trị viên');
  });
});
