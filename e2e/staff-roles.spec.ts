import type { Page, TestInfo } from '@playwright/test';
import { apiSignIn, apiURL, expect, isMobile, test, useSignedIn } from './fixtures';

async function screenshot(page: Page, testInfo: TestInfo, name: string) {
  await page.screenshot({ path: testInfo.outputPath(`${name}-${testInfo.project.name}.png`), fullPage: true });
}

/** A sign-in from another device: its own User-Agent, unique per run so it is always a new device. */
async function signInElsewhere(username: string, password: string) {
  const userAgent = `Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0 e2e/${Date.now().toString(36)}`;
  return (await apiSignIn(username, password, { userAgent })).accessToken;
}

const meStatus = async (token: string) =>
  (await fetch(`${apiURL()}/api/me`, { headers: { authorization: `Bearer ${token}` } })).status;

/** The console's sections: on a phone they scroll sideways, so they are counted, not looked at. */
const navLinks = (page: Page) => page.getByRole('navigation', { name: 'Khu vực quản trị' }).getByRole('link');

test.describe('staff roles by job @desktop-only', () => {
  test('support sees only the support parts of the console, and a page outside them says so', async ({
    page,
  }, testInfo) => {
    await useSignedIn(page, 'support1', 'staff123');
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Tổng quan' })).toBeVisible();
    await expect(navLinks(page)).toHaveText([
      'Tổng quan',
      'Giao dịch',
      'Thư trong game',
      'Thư điện tử',
      'Giftcode',
      'Yêu cầu hỗ trợ',
      'Điểm tích lũy',
      'Người chơi',
      'Sức khỏe hệ thống',
      'Phiên đăng nhập',
      'Bảo mật tài khoản',
    ]);
    await expect(page.getByTestId('overview-ticketsOpen')).toBeVisible();
    await expect(page.getByTestId('overview-bankEventsToReview')).toHaveCount(0);
    await screenshot(page, testInfo, 'staff-roles-support-overview');

    // No money actions on the orders, no role changes on the players.
    await page.goto('/admin/transactions');
    await expect(page.getByRole('heading', { name: 'Giao dịch' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Xuất CSV' })).toBeVisible();
    await expect(page.getByRole('button', { name: /Tặng gói/ })).toHaveCount(0);
    await page.goto('/admin/players?q=player1');
    await expect(page.getByRole('listitem').filter({ hasText: '#8801234' })).toBeVisible();
    await expect(page.getByRole('listitem').filter({ hasText: '#8801234' }).getByLabel('Vai trò')).toHaveCount(0);

    // Typed in by hand: the page says no, and the member stays signed in (no refused call was made).
    await page.goto('/admin/bank-payments');
    await expect(page.getByText('Vai trò của bạn không được dùng trang này.')).toBeVisible();
    await page.goto('/admin/tickets');
    await expect(page.getByRole('heading', { name: 'Yêu cầu hỗ trợ' })).toBeVisible();
    await screenshot(page, testInfo, 'staff-roles-support-tickets');
  });

  test('content opens on a welcome, the news and the store only', async ({ page }, testInfo) => {
    await useSignedIn(page, 'content1', 'staff123');
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Xin chào, Bùi Khánh Linh' })).toBeVisible();
    await expect(page.getByText('Bạn đăng nhập với vai trò Nội dung.', { exact: false })).toBeVisible();
    await expect(navLinks(page)).toHaveText([
      'Tin tức',
      'Cửa hàng',
      'Khuyến mãi',
      'Hạng VIP',
      'Điểm danh',
      'Điểm tích lũy',
      'Trang chủ',
      'Xem trước',
      'Phiên đăng nhập',
      'Bảo mật tài khoản',
    ]);
    await screenshot(page, testInfo, 'staff-roles-content-welcome');
  });

  test('a staff member sees a new-device sign-in and ends that device', async ({ page }, testInfo) => {
    const user = isMobile(testInfo) ? 'finance1' : 'support1';
    // An earlier sign-in of this browser: the notice lists what happened since this device's previous one.
    await apiSignIn(user, 'staff123');
    await useSignedIn(page, user, 'staff123', { fresh: true });
    const elsewhere = await signInElsewhere(user, 'staff123');
    expect(await meStatus(elsewhere)).toBe(200);

    await page.goto('/admin/sessions');
    await expect(page.getByRole('heading', { name: 'Phiên đăng nhập' })).toBeVisible();
    await expect(
      page.getByRole('status').filter({ hasText: 'Đăng nhập từ thiết bị mới: Firefox trên Linux' }),
    ).toBeVisible();
    const current = page.getByTestId('device-session').filter({ hasText: 'Thiết bị này' });
    await expect(current).toHaveCount(1);
    await expect(current.getByRole('button', { name: 'Đăng xuất thiết bị' })).toHaveCount(0);
    await screenshot(page, testInfo, 'staff-roles-sessions');

    const other = page.getByTestId('device-session').filter({ hasText: 'Firefox trên Linux' }).first();
    await other.getByRole('button', { name: 'Đăng xuất thiết bị' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Xác nhận' }).click();
    await expect(page.getByText('Đã đăng xuất Firefox trên Linux.')).toBeVisible();
    expect(await meStatus(elsewhere)).toBe(401);
    await expect(page.getByRole('heading', { name: 'Phiên đăng nhập' })).toBeVisible();
  });

  // support2 is signed out here and used by no other spec: the specs run side by side.
  test('an admin signs a staff member out of every device, and the audit log says so', async ({ page }, testInfo) => {
    const member = await apiSignIn('support2', 'staff123');
    expect(await meStatus(member.accessToken)).toBe(200);
    await useSignedIn(page, 'admin2', 'admin123');
    await page.goto('/admin/players?q=support2');
    const row = page.getByRole('listitem').filter({ hasText: '#8800006' });
    await expect(row.getByLabel('Vai trò')).toHaveValue('support');
    await screenshot(page, testInfo, 'staff-roles-players');
    await row.getByRole('button', { name: 'Đăng xuất mọi thiết bị' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Xác nhận' }).click();
    await expect(page.getByText(/Đã kết thúc \d+ phiên đăng nhập của Lý Hải Yến\./)).toBeVisible();
    expect(await meStatus(member.accessToken)).toBe(401);

    // The audit page's first render can take a while on a busy machine.
    await page.goto('/admin/audit?action=user.sessions.end');
    const entries = page.getByTestId('audit-entry').filter({ visible: true });
    await expect(
      entries.filter({ hasText: 'đã đăng xuất mọi thiết bị của Lý Hải Yến (#8800006)' }).first(),
    ).toBeVisible({
      timeout: 20_000,
    });
    await screenshot(page, testInfo, 'staff-roles-audit');
  });
});
