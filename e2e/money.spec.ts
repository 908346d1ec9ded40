import { formatVnd } from '@carabala/contracts/labels';
import type { Page, TestInfo } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { apiSignIn, apiURL, bankReports, expect, test, useSignedIn } from './fixtures';

/** Screenshots for looking at, outside the repository. */
const shot = (page: Page, testInfo: TestInfo, name: string) =>
  page.screenshot({ path: `/tmp/i12-money-shots/${name}-${testInfo.project.name}.png`, fullPage: true });

const openDialog = (page: Page) => page.getByRole('dialog');

/** player2's orders of the once-a-day weekend pack from the demo data, by status. */
async function limitedOrders() {
  const { accessToken } = await apiSignIn('player2', 'player123');
  const response = await fetch(`${apiURL()}/api/transactions/me?pageSize=50`, {
    headers: { authorization: `Bearer ${accessToken}` },
  });
  const items = (await response.json()).data.items as { id: string; productId: number; status: string }[];
  const of = (status: string) => items.find((item) => item.productId === 204 && item.status === status)!;
  return { held: of('held'), cancelled: of('cancelled') };
}

/** The bank feed reporting a transfer whose memo names no order. */
const bankReportsUnmatched = (content: string, amount: number) =>
  bankReports(content, amount, { at: '2026-11-21 10:00:00' });

test.describe('money the player and staff can trust', () => {
  test("the player's panel says an order is held (limit reached) or cancelled @desktop-only", async ({
    page,
  }, testInfo) => {
    const { held, cancelled } = await limitedOrders();
    await page.goto(`/store?tab=flash-sale&productId=204&transactionId=${held.id}`);
    const heldPanel = page.getByTestId('payment-held');
    await expect(heldPanel).toContainText('Tạm giữ: đã đạt giới hạn');
    // How much, why, and by when it comes back; the order named by its code, never its id.
    await expect(heldPanel).toContainText(`Khoản ${formatVnd(299_000)} không được tính cho đơn này`);
    await expect(heldPanel).toContainText('đã mua gói giới hạn này trong kỳ');
    await expect(heldPanel).toContainText(`Nhân viên sẽ hoàn ${formatVnd(299_000)} về tài khoản đã chuyển, chậm nhất`);
    await expect(heldPanel).toContainText(/Mã đơn hàng: CRB/);
    await expect(heldPanel).not.toContainText(held.id);
    await expect(page.getByRole('link', { name: 'Liên hệ hỗ trợ' })).toBeVisible();
    // No QR and no transfer details for an order that takes no more money.
    await expect(page.getByText('Nội dung chuyển khoản')).toHaveCount(0);
    await shot(page, testInfo, 'panel-held');

    await page.goto(`/store?tab=flash-sale&productId=204&transactionId=${cancelled.id}`);
    const cancelledPanel = page.getByTestId('payment-cancelled');
    await expect(cancelledPanel).toContainText('Đơn đã bị hủy');
    await expect(cancelledPanel).toContainText('Đừng chuyển tiền cho đơn này.');
    await expect(page.getByText('Nội dung chuyển khoản')).toHaveCount(0);
    await shot(page, testInfo, 'panel-cancelled');
  });

  test('an admin records a refund of held money; more than received is refused @desktop-only', async ({
    page,
  }, testInfo) => {
    const memo = `chuyen nham ${Math.random().toString(36).slice(2, 10)}`;
    await bankReportsUnmatched(memo, 40_000);
    await useSignedIn(page, 'admin1', 'admin123');
    await page.goto('/admin/bank-payments');
    await expect(page.getByTestId('bank-feed')).toContainText('Chưa kết nối đối soát tự động: liên hệ kỹ thuật.');
    await expect(page.getByRole('button', { name: 'Đối soát ngay' })).toBeDisabled();
    const event = page.getByTestId('bank-event').filter({ hasText: memo });
    await event.getByRole('button', { name: 'Hoàn tiền' }).click();
    await openDialog(page).getByLabel('Số tiền hoàn (đ)').fill('50000');
    await openDialog(page).getByLabel('Mã tham chiếu giao dịch chuyển trả').fill('FT-HOAN-001');
    await openDialog(page).getByLabel('Lý do').fill('Khách chuyển nhầm, đã gọi xác nhận');
    await openDialog(page).getByRole('button', { name: 'Xác nhận' }).click();
    await expect(openDialog(page).getByText(`Chỉ có thể hoàn tối đa`)).toBeVisible();
    await openDialog(page).getByLabel('Số tiền hoàn (đ)').fill('15000');
    await openDialog(page).getByRole('button', { name: 'Xác nhận' }).click();
    await expect(page.getByText(`Đã ghi nhận hoàn ${formatVnd(15_000)}.`)).toBeVisible();
    await expect(event).toContainText(`Hoàn một phần: ${formatVnd(15_000)}`);
    await shot(page, testInfo, 'refund');

    await event.getByRole('button', { name: 'Hoàn tiền' }).click();
    await expect(openDialog(page).getByLabel('Số tiền hoàn (đ)')).toHaveValue('25000');
    await openDialog(page).getByLabel('Mã tham chiếu giao dịch chuyển trả').fill('FT-HOAN-002');
    await openDialog(page).getByLabel('Lý do').fill('Hoàn nốt phần còn lại');
    await openDialog(page).getByRole('button', { name: 'Xác nhận' }).click();
    // Nothing is held any more: the payment leaves "Cần xử lý" by itself and shows under "Tất cả".
    await expect(event).toHaveCount(0);
    await page.goto('/admin/bank-payments?filter=all');
    await expect(event).toContainText(`Đã hoàn tiền ${formatVnd(40_000)}`);
    await expect(event).toContainText(
      'Đã hoàn hết số tiền còn giữ; lần hoàn cuối 25,000đ (mã tham chiếu FT-HOAN-002).',
    );
    await expect(event.getByRole('button', { name: 'Hoàn tiền' })).toHaveCount(0);

    await page.goto('/admin/audit?action=bank_event.refund');
    await expect(
      page
        .getByTestId('audit-entry')
        .filter({ visible: true })
        .filter({ hasText: `đã hoàn ${formatVnd(25_000)}` })
        .filter({ hasText: '(mã tham chiếu FT-HOAN-002)' })
        .first(),
    ).toBeVisible();
  });

  test('the daily report adds up money in, and exports it as CSV @desktop-only', async ({ page }, testInfo) => {
    await bankReportsUnmatched(`bao cao ${Math.random().toString(36).slice(2, 10)}`, 12_345);
    await useSignedIn(page, 'admin1', 'admin123');
    await page.goto('/admin/reports');
    await expect(page.getByRole('heading', { name: 'Đối soát ngày' })).toBeVisible();
    await expect(page.getByTestId('report-event').first()).toBeVisible();
    const number = async (testId: string) => Number((await page.getByTestId(testId).innerText()).replace(/\D/g, ''));
    const moneyIn = await number('report-money-in');
    expect(moneyIn).toBeGreaterThanOrEqual(12_345);
    expect(moneyIn).toBe(
      (await number('report-credited')) + (await number('report-held')) + (await number('report-refunded')),
    );
    await expect(page.getByTestId('report-balance')).toHaveText('Khớp');
    await shot(page, testInfo, 'daily-report');

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Xuất CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^doi-soat-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = (await readFile((await file.path())!, 'utf8')).replace(/^\uFEFF/, '').split('\r\n');
    // The day's totals add up in the file too; other tests' transfers may have arrived since the page read.
    const [, inFile, credited, held, refunded, balanced] = csv[1]!.split(',');
    expect(Number(inFile)).toBe(Number(credited) + Number(held) + Number(refunded));
    expect(Number(inFile)).toBeGreaterThanOrEqual(moneyIn);
    expect(balanced).toBe('Có');
  });
});
