import type { Page, TestInfo } from '@playwright/test';
import { apiURL, bankReports, expect, test } from './fixtures';

// The transfer panel follows the money by itself (decision record 032): a webhook sent by the test
// shows on an open panel within seconds, with no click; the payment window counts down and ends; an
// unpaid order reopened by its URL waits calmly with its QR in view. Orders go to player3, whom no
// other spec watches for notifications.

const dialog = (page: Page) => page.getByTestId('purchase-dialog');
/**
 * How long an open panel may take to show money the bank reported. With the stream open the panel reads
 * the order again only every 30 s otherwise, so within 10 s it was the stream that told it; on a quiet
 * machine that takes well under a second.
 */
const STREAM_WAIT = 10_000;
const panel = (page: Page) => page.locator('[data-live]');

/** Orders a pack through the API, as another browser would. */
async function apiOrder(shortId: string, productId: number) {
  const response = await fetch(`${apiURL()}/api/transactions/bank`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ shortId, productId }),
  }).then((r) => r.json());
  expect(response.code).toBe('api.success');
  const detail = await fetch(`${apiURL()}/api/transactions/bank/${response.data.id}`).then((r) => r.json());
  return detail.data as { id: string; code: string; totalPrice: number; expiresAt: string };
}

/** The bank feed reporting a transfer to the order, made now. */
const bankPays = (code: string, amount: number) => bankReports(`${code} chuyen tien`, amount);

/** A picture of the panel for the record (test-results/…/<state>.png). */
const snap = (page: Page, testInfo: TestInfo, state: string) =>
  page.screenshot({ path: testInfo.outputPath(`${testInfo.project.name}-${state}.png`) });

async function reopen(page: Page, order: { id: string }, productId: number) {
  await page.goto(`/store?tab=tien-te&productId=${productId}&transactionId=${order.id}`);
  await expect(dialog(page)).toHaveAttribute('data-step', 'CHECK_HISTORY');
}

test.describe('live payment', () => {
  test('a reopened unpaid order waits calmly, QR in view; the money shows by itself', async ({ page }, testInfo) => {
    const order = await apiOrder('8809012', 602);
    await reopen(page, order, 602);

    // The description's "complete the payment first", as a waiting state: not the colour of errors.
    const waiting = page.getByTestId('payment-unpaid');
    await expect(waiting).toContainText('Vui lòng hoàn tất chuyển khoản');
    expect(await waiting.evaluate((element) => element.className)).not.toMatch(/ruby/);
    await expect(page.getByTestId('vietqr')).toBeInViewport({ ratio: 1 });
    // The pack and its receiver are named.
    await expect(page.getByTestId('transfer-pack')).toHaveText('200 Kim Cương');
    await expect(page.getByTestId('transfer-recipient')).toHaveText('Lê Quốc Huy');
    await expect(page.getByTestId('payment-countdown')).toHaveText(/^(29:[0-5]\d|30:00)$/);
    // The order's event stream is open (through the web's /api forwarding).
    await expect(panel(page)).toHaveAttribute('data-live', 'stream');
    await snap(page, testInfo, 'waiting');

    await bankPays(order.code, 30_000);
    await expect(page.getByTestId('payment-partial')).toHaveText(
      'Đã nhận 30,000đ. Bạn cần chuyển thêm 49,000đ với cùng nội dung để hoàn tất đơn hàng.',
      { timeout: STREAM_WAIT },
    );
    await expect(page.getByRole('button', { name: 'Sao chép Số tiền' })).toContainText('49,000đ');
    await snap(page, testInfo, 'partly-paid');

    await bankPays(order.code, 49_000);
    await expect(page.getByText('Giao dịch thành công!')).toBeVisible({ timeout: STREAM_WAIT });
    await expect(page.getByTestId('vietqr')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Kiểm tra kết quả giao dịch' })).toHaveCount(0);
    await snap(page, testInfo, 'paid');
  });

  test('over-payment shows the surplus and what to do, by itself @desktop-only', async ({ page }) => {
    const order = await apiOrder('8809012', 601);
    await reopen(page, order, 601);
    await expect(panel(page)).toHaveAttribute('data-live', 'stream');
    await bankPays(order.code, 60_000);
    await expect(page.getByText('Giao dịch thành công!')).toBeVisible({ timeout: STREAM_WAIT });
    const overpaid = page.getByTestId('payment-overpaid');
    await expect(overpaid).toContainText('Bạn đã chuyển dư 11,000đ');
    // Staff send it back by themselves, by a date: no "send the code to the fan page" any more.
    await expect(overpaid).toContainText('Nhân viên sẽ hoàn 11,000đ về tài khoản đã chuyển, chậm nhất');
    await expect(overpaid.getByRole('link', { name: 'fanpage' })).toHaveCount(0);
    await expect(page.getByTestId('transaction-code')).toHaveText(order.code);
  });

  test('the payment window counts down, then hides the QR and offers a new order @desktop-only', async ({
    page,
  }, testInfo) => {
    await page.clock.install();
    const order = await apiOrder('8809012', 602);
    await reopen(page, order, 602);
    await expect(page.getByTestId('payment-countdown')).toHaveText(/^(29:[0-5]\d|30:00)$/);
    await page.clock.fastForward('10:00');
    await expect(page.getByTestId('payment-countdown')).toHaveText(/^(19:[0-5]\d|20:00)$/);

    await page.clock.fastForward('20:30');
    const expired = page.getByTestId('payment-expired');
    await expect(expired).toContainText('Đơn hàng đã hết hạn thanh toán');
    await expect(page.getByTestId('vietqr')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Sao chép Số tài khoản' })).toHaveCount(0);
    await expect(page.getByTestId('payment-countdown')).toHaveCount(0);
    // "Kiểm tra" stays: a transfer made in time may still be reported late.
    await expect(page.getByRole('button', { name: 'Kiểm tra kết quả giao dịch' })).toBeVisible();
    await expect(page.getByTestId('transfer-pack')).toHaveText('200 Kim Cương');
    await snap(page, testInfo, 'expired');

    await page.getByTestId('order-again').click();
    await expect(page).toHaveURL(/\/store\?tab=tien-te&productId=602$/);
    await expect(dialog(page)).toHaveAttribute('data-step', 'PREVIEW');
  });
});
