import { formatVnd } from '@carabala/contracts/labels';
import type { Page, TestInfo } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { apiSignIn, apiURL, bankReports, expect, stepUpIfAsked, test, useSignedIn } from './fixtures';

/** A guest orders a pack through the API, as another browser would. */
async function apiOrder(shortId: string, productId: number) {
  const created = await fetch(`${apiURL()}/api/transactions/bank`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ shortId, productId }),
  }).then((r) => r.json());
  expect(created.code).toBe('api.success');
  const detail = await fetch(`${apiURL()}/api/transactions/bank/${created.data.id}`).then((r) => r.json());
  return detail.data as { id: string; code: string; totalPrice: number };
}

/** The bank feed reporting a transfer, made now, whose memo names no order. */
const bankReportsUnmatched = (content: string, amount: number) => bankReports(content, amount);

/**
 * A full-page capture, or with `screen` what the screen shows. An open drawer is captured as the screen
 * shows it: a full-page capture resizes the viewport, which vaul reads as the phone's keyboard coming and
 * going while a field has focus, and it then left the drawer partly below the screen now and then.
 */
const shot = (page: Page, testInfo: TestInfo, name: string, screen = false) =>
  page.screenshot({ path: `test-results/admin-payments-${name}-${testInfo.project.name}.png`, fullPage: !screen });

/** The dialog (wide screens) or drawer (phones) that is open. */
const openDialog = (page: Page) => page.getByRole('dialog');

/** What the audit log says of each action checked here (its sentence, never the action key or an id). */
const auditWords: Record<string, string> = {
  'transaction.mark_paid': 'Quản trị viên đã đánh dấu đã thanh toán giao dịch',
  'bank_event.attach': 'Quản trị viên đã gắn khoản chuyển',
  'bank_event.resolve': 'Quản trị viên đã đóng',
};

async function expectAudited(page: Page, action: string, targetId: string) {
  await page.goto(`/admin/audit?action=${action}&targetId=${targetId}`);
  const entry = page.getByTestId('audit-entry').filter({ visible: true });
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText(auditWords[action]!);
  await expect(entry).not.toContainText(targetId);
  await expect(entry).not.toContainText(action);
}

test.describe('staff console: transactions, bank payments, deliveries', () => {
  test('a guest gets the sign-in card and a player the refusal @desktop-only', async ({ page, browser }) => {
    await page.goto('/admin/transactions');
    await expect(page.getByText('Đăng nhập bằng tài khoản nhân viên để vào khu vực quản trị.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Giao dịch' })).toHaveCount(0);

    const context = await browser.newContext();
    const player = await context.newPage();
    await useSignedIn(player, 'player1', 'player123');
    await player.goto('/admin/transactions');
    await expect(player.getByRole('heading', { name: 'Không có quyền truy cập' })).toBeVisible();
    await expect(player.getByText('Khu vực quản trị chỉ dành cho nhân viên vận hành.')).toBeVisible();
    await context.close();
  });

  test('an admin finds an order, marks it paid by hand and sees its delivery, then the audit log @desktop-only', async ({
    page,
  }, testInfo) => {
    const order = await apiOrder('8805678', 601);
    await useSignedIn(page, 'admin1', 'admin123');
    await page.goto(`/admin/transactions?q=${order.code}&status=initial`);
    await expect(page.getByRole('heading', { name: 'Giao dịch' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Trạng thái' })).toHaveValue('initial');
    await expect(page.getByText('Tổng: 1')).toBeVisible();
    await shot(page, testInfo, 'transactions');
    await page.getByRole('link', { name: order.code }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/transactions/${order.id}$`));
    await expect(page.getByRole('heading', { name: `Giao dịch ${order.code}` })).toBeVisible();
    await expect(page.getByText('Đơn chưa thanh toán nên chưa có thư.')).toBeVisible();

    await page.getByRole('button', { name: 'Đánh dấu đã thanh toán' }).click();
    await openDialog(page).getByRole('button', { name: 'Xác nhận' }).click();
    await expect(openDialog(page).getByText('Vui lòng nhập ghi chú.')).toBeVisible();
    await openDialog(page).getByLabel('Ghi chú').fill('Khách gửi sao kê, đã đối chiếu');
    await shot(page, testInfo, 'mark-dialog', true);
    await openDialog(page).getByRole('button', { name: 'Xác nhận' }).click();
    await expect(page.getByText(`Đã đánh dấu ${order.code} là đã thanh toán; gói đang được gửi.`)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Đánh dấu đã thanh toán' })).toHaveCount(0);
    await expect(page.getByText('nhân viên đánh dấu')).toBeVisible();
    await expect(page.getByText('Khách gửi sao kê, đã đối chiếu')).toBeVisible();
    // The worker delivers to the embedded mailbox; the page follows the mail until it is delivered.
    await expect(page.getByTestId('mail-status')).toHaveText('Đã giao', { timeout: 20_000 });
    await expect(page.getByText('120 × Kim cương')).toBeVisible();
    await shot(page, testInfo, 'transaction-detail');

    await page.goto('/admin/deliveries?status=delivered');
    await expect(page.getByRole('button', { name: 'Đã giao' })).toHaveAttribute('aria-pressed', 'true');
    await expect(
      page.getByTestId('mail').filter({ hasText: '#8805678' }).filter({ hasText: '120 × Kim cương' }).first(),
    ).toBeVisible();
    await shot(page, testInfo, 'deliveries');

    await expectAudited(page, 'transaction.mark_paid', order.id);
  });

  test('an admin attaches an unmatched payment to the suggested order after seeing it, which is then paid @desktop-only', async ({
    page,
  }, testInfo) => {
    const order = await apiOrder('8801234', 601);
    // The player mistyped the code's last character: a well-formed code of no order.
    const mistyped = order.code.slice(0, -1) + (order.code.endsWith('X') ? '5' : 'X');
    const memo = `CK ${mistyped} mua goi ${Math.random().toString(36).slice(2, 10)}`;
    await bankReportsUnmatched(memo, order.totalPrice);
    await useSignedIn(page, 'admin1', 'admin123');
    await page.goto('/admin/bank-payments');
    const event = page.getByTestId('bank-event').filter({ hasText: memo });
    await expect(event).toContainText('Không khớp đơn nào');
    await expect(event).toContainText(formatVnd(order.totalPrice));
    await shot(page, testInfo, 'bank-payments');

    await event.getByRole('button', { name: 'Gắn vào đơn' }).click();
    const dialog = openDialog(page);
    const code = dialog.getByLabel('Mã đơn');
    // An unknown code is said under the field before anything is confirmed.
    await code.fill('CRBZZZZZZZZ');
    await expect(dialog.getByText('Không tìm thấy đơn có mã CRBZZZZZZZZ.', { exact: false })).toBeVisible();
    await expect(dialog.getByTestId('attach-preview')).toHaveCount(0);

    const suggestion = dialog.getByTestId('attach-suggestion').filter({ hasText: order.code });
    await expect(suggestion).toContainText('Mã gần giống nội dung chuyển khoản');
    await expect(suggestion).toContainText('Nguyễn Minh Anh');
    await expect(suggestion).toContainText('120 Kim Cương');
    await expect(suggestion).toContainText(`Còn thiếu ${formatVnd(order.totalPrice)}`);
    await suggestion.click();
    await expect(code).toHaveValue(order.code);
    await expect(suggestion).toHaveAttribute('aria-pressed', 'true');
    const preview = dialog.getByTestId('attach-preview');
    await expect(preview).toContainText(order.code);
    await expect(preview).toContainText('Nguyễn Minh Anh (ID: 8801234)');
    await expect(preview).toContainText('120 Kim Cương');
    await expect(preview).toContainText(formatVnd(order.totalPrice));
    await expect(preview).toContainText('Chờ thanh toán');
    await expect(preview).toContainText('Sau khi gắn: đơn đủ tiền');
    await dialog.getByLabel('Ghi chú').fill('Khách gõ nhầm một kí tự của mã');
    await shot(page, testInfo, 'attach-dialog', true);
    await dialog.getByRole('button', { name: 'Xác nhận' }).click();
    await expect(page.getByText(`Đã gắn ${formatVnd(order.totalPrice)} vào đơn ${order.code}.`)).toBeVisible();
    await expect(page.getByTestId('bank-event').filter({ hasText: memo })).toHaveCount(0);

    await page.getByRole('button', { name: 'Tất cả' }).click();
    await expect(page).toHaveURL(/filter=all/);
    const handled = page.getByTestId('bank-event').filter({ hasText: memo });
    await expect(handled).toContainText('Đã cộng vào đơn');
    await expect(handled).toContainText('Khách gõ nhầm một kí tự của mã');
    // The order is named by its code, never its id.
    await expect(handled).not.toContainText(order.id);
    await handled.getByRole('link', { name: order.code }).click();
    await expect(page.getByRole('heading', { name: `Giao dịch ${order.code}` })).toBeVisible();
    await expect(page.getByText('Đã thanh toán').first()).toBeVisible();
    await expect(page.getByText(memo)).toBeVisible();

    await expectAudited(page, 'bank_event.attach', await eventId(memo));
  });

  test('a surplus is headed by what is refundable, and the order page refunds it @desktop-only', async ({
    page,
  }, testInfo) => {
    const order = await apiOrder('8805678', 601);
    const memo = `${order.code} chuyen du ${Math.random().toString(36).slice(2, 10)}`;
    const sent = order.totalPrice + 41_000;
    await bankReports(memo, sent);
    await useSignedIn(page, 'admin1', 'admin123');
    await page.goto('/admin/bank-payments');
    // What only an operator can change is said in words finance can act on.
    await expect(page.getByTestId('bank-feed')).toContainText('Chưa kết nối đối soát tự động: liên hệ kỹ thuật.');
    await expect(page.getByTestId('bank-feed')).not.toContainText('SEPAY');
    const event = page.getByTestId('bank-event').filter({ hasText: memo });
    await expect(event).toContainText('Chuyển thừa');
    const heading = event.getByTestId('bank-event-amount');
    await expect(heading.locator('span').first()).toHaveText(formatVnd(41_000));
    await expect(heading).toContainText(
      `có thể hoàn · trên khoản nhận ${formatVnd(sent)}, ${formatVnd(order.totalPrice)} đã trả cho đơn`,
    );
    await shot(page, testInfo, 'surplus-card');

    await event.getByRole('link', { name: order.code }).click();
    await expect(page.getByRole('heading', { name: `Giao dịch ${order.code}` })).toBeVisible();
    await expect(page.getByText(`Còn giữ ${formatVnd(41_000)}`)).toBeVisible();
    await page.getByRole('button', { name: 'Hoàn tiền' }).click();
    await expect(openDialog(page).getByLabel('Số tiền hoàn (đ)')).toHaveValue('41000');
    await openDialog(page).getByLabel('Mã tham chiếu giao dịch chuyển trả').fill('FT-HOAN-DON');
    await openDialog(page).getByLabel('Lý do').fill('Khách chuyển dư, hoàn phần thừa');
    await shot(page, testInfo, 'order-refund-dialog', true);
    await openDialog(page).getByRole('button', { name: 'Xác nhận' }).click();
    await stepUpIfAsked(page, 'admin1', page.getByText(`Đã ghi nhận hoàn ${formatVnd(41_000)}.`));
    await expect(page.getByText(`${formatVnd(41_000)} · mã tham chiếu FT-HOAN-DON`)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Hoàn tiền' })).toHaveCount(0);
    await shot(page, testInfo, 'order-refunded');
  });

  test('staff mark a payment handled with a note and export the filtered list as CSV @desktop-only', async ({
    page,
  }) => {
    const memo = `tien thua khong ro ${Math.random().toString(36).slice(2, 10)}`;
    await bankReportsUnmatched(memo, 15_000);
    const order = await apiOrder('8801234', 601);
    await useSignedIn(page, 'admin1', 'admin123');
    await page.goto('/admin/bank-payments');
    const event = page.getByTestId('bank-event').filter({ hasText: memo });
    await event.getByRole('button', { name: 'Đánh dấu đã xử lý' }).click();
    await openDialog(page).getByLabel('Ghi chú').fill('Đã hoàn tiền cho khách');
    await openDialog(page).getByRole('button', { name: 'Xác nhận' }).click();
    // Closing a player's held money needs a recent code (decision record 029).
    await stepUpIfAsked(page, 'admin1', page.getByText(`Đã đánh dấu khoản ${formatVnd(15_000)} là đã xử lý.`));
    await expect(event).toHaveCount(0);
    await expectAudited(page, 'bank_event.resolve', await eventId(memo));

    await page.goto(`/admin/transactions?q=${order.code}`);
    await expect(page.getByText('Tổng: 1')).toBeVisible();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Xuất CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^giao-dich-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = (await readFile((await file.path())!, 'utf8'))
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(csv).toHaveLength(2);
    expect(csv[1]).toContain(`${order.id},${order.code},Chờ thanh toán`);
    await expect(page.getByText('Đã xuất danh sách ra tệp CSV.')).toBeVisible();
  });
});

/** The id of the bank event with this memo, read through the staff API. */
async function eventId(memo: string): Promise<string> {
  const { accessToken } = await apiSignIn('admin1', 'admin123');
  const events = await fetch(`${apiURL()}/api/internal/bank-events/find-many`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
    body: JSON.stringify({ filter: 'all', pageSize: 100 }),
  }).then((r) => r.json());
  return events.data.items.find((item: { content: string }) => item.content === memo).id;
}
