import type { Page, TestInfo } from '@playwright/test';
import { apiSignIn, apiURL, bankReports, expect, isMobile, test, useSignedIn } from './fixtures';

// Promotions (issue 26, decision record 035): a first top-up bonus staff publish is shown in the
// store dialog for a receiver with no paid order, given with their first paid order only, and shown
// on its receipt. Each layout has its own pack and its own receiver (staff accounts never paid for).

const dialog = (page: Page) => page.getByTestId('purchase-dialog');
const step = (page: Page, name: string) => expect(dialog(page)).toHaveAttribute('data-step', name);
const shot = (page: Page, testInfo: TestInfo, name: string) =>
  page.screenshot({ path: testInfo.outputPath(`${name}-${testInfo.project.name}.png`), fullPage: true });

/** The layout's pack, receiver (game id) and the receiver's account. */
const setupOf = (testInfo: TestInfo) =>
  isMobile(testInfo)
    ? { pack: 607, diamonds: '3,650', receiver: '8800003', account: 'support1' }
    : { pack: 606, diamonds: '2,200', receiver: '8800004', account: 'finance1' };

async function publishFirstTopup(pack: number, title: string) {
  const content = await apiSignIn('content1', 'staff123', { fresh: true });
  const call = (path: string, body: object) =>
    fetch(`${apiURL()}/api${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${content.accessToken}` },
      body: JSON.stringify(body),
    }).then((response) => response.json());
  const created = await call('/internal/promotions', {
    kind: 'first_topup',
    title,
    startsAt: new Date(Date.now() - 60_000).toISOString(),
    endsAt: new Date(Date.now() + 3_600_000).toISOString(),
    packIds: [pack],
    double: true,
    items: [{ itemId: 'hero_chest', quantity: 1 }],
  });
  expect(created.code).toBe('api.success');
  expect((await call(`/internal/promotions/${created.data.id}/publish`, {})).code).toBe('api.success');
}

/** Orders the pack for `receiver` through the dialog (ENTER_ID), checking the bonus it shows; the order's code and amount. */
async function orderThroughDialog(page: Page, pack: number, receiver: string, bonus: string | null) {
  await page.goto(`/store?tab=tien-te&productId=${pack}`);
  await step(page, 'PREVIEW');
  await page.getByRole('button', { name: 'Mua ngay' }).click();
  await page.getByRole('button', { name: /Nhập User ID/ }).click();
  await step(page, 'ENTER_ID');
  await page.getByPlaceholder('User ID...').fill(receiver);
  await expect(page.getByTestId('receiver-preview')).toContainText(`ID: ${receiver}`);
  if (bonus) await expect(dialog(page).getByTestId('promotion-bonus')).toContainText(bonus);
  else await expect(dialog(page).getByTestId('promotion-bonus')).toHaveCount(0);
  await page.getByRole('button', { name: 'Thanh toán ngay' }).click();
  await step(page, 'TRANSFER');
  await expect(page).toHaveURL(/transactionId=[0-9a-f-]{36}/);
  const id = new URL(page.url()).searchParams.get('transactionId');
  const detail = await fetch(`${apiURL()}/api/transactions/bank/${id}`).then((response) => response.json());
  return detail.data as { code: string; totalPrice: number };
}

test('a first top-up bonus is shown in the dialog, given once, and on the receipt', async ({ page, browser }, testInfo) => {
  const { pack, diamonds, receiver, account } = setupOf(testInfo);
  const title = `Quà nạp lần đầu ${testInfo.project.name}`;
  await publishFirstTopup(pack, title);

  // Before a receiver is known the dialog says the bonus is for a first top-up.
  await page.goto(`/store?tab=tien-te&productId=${pack}`);
  const preview = dialog(page).getByTestId('promotion-bonus');
  await expect(preview).toContainText(`Tặng thêm ${diamonds} × Kim cương`);
  await expect(preview).toContainText('cho đơn nạp đầu tiên của người nhận');
  await expect(preview).toContainText(title);
  await shot(page, testInfo, 'promotion-preview');

  const bonus = `Tặng thêm ${diamonds} × Kim cương, 1 × Rương tướng`;
  const first = await orderThroughDialog(page, pack, receiver, bonus);
  // The transfer panel says it too, then the bonus the order got once paid.
  await expect(dialog(page).getByTestId('promotion-bonus')).toContainText(bonus);
  await shot(page, testInfo, 'promotion-transfer');
  await bankReports(`${first.code} chuyen tien`, first.totalPrice);
  await expect(dialog(page).getByTestId('transfer-bonus')).toHaveText(
    `Quà khuyến mãi: ${diamonds} × Kim cương, 1 × Rương tướng`,
  );
  // Paid: the receiver no longer gets the first top-up bonus.
  const second = await orderThroughDialog(page, pack, receiver, null);
  await bankReports(`${second.code} chuyen tien`, second.totalPrice);

  // The receipts (the receiver signed in): the first shows the bonus it got, the second none.
  const context = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
  const receiverPage = await context.newPage();
  await useSignedIn(receiverPage, account, 'staff123');
  await receiverPage.goto(`/store/history/${first.code}`);
  await expect(receiverPage.getByTestId('receipt-code')).toHaveText(first.code);
  await expect(receiverPage.getByTestId('receipt-bonus')).toHaveText(
    `Quà khuyến mãi: ${diamonds} × Kim cương, 1 × Rương tướng`,
  );
  await shot(receiverPage, testInfo, 'promotion-receipt');
  await receiverPage.goto(`/store/history/${second.code}`);
  await expect(receiverPage.getByTestId('receipt-code')).toHaveText(second.code);
  await expect(receiverPage.getByTestId('receipt-bonus')).toHaveCount(0);
  await context.close();
});
