import type { Page, TestInfo } from '@playwright/test';
import {
  apiSignIn,
  apiURL,
  bankReports,
  expect,
  isMobile,
  stepUpIfAsked,
  test,
  useSignedIn,
  vietnamInput,
} from './fixtures';

// Promotions (issue 26, decision record 035): a first top-up bonus staff publish is shown in the
// store dialog for a receiver with no paid order, given with their first paid order only, and shown
// on its receipt. Each layout has its own pack and its own receiver (demo players no other test pays for).

const dialog = (page: Page) => page.getByTestId('purchase-dialog');
const step = (page: Page, name: string) => expect(dialog(page)).toHaveAttribute('data-step', name);
const shot = (page: Page, testInfo: TestInfo, name: string) =>
  page.screenshot({ path: testInfo.outputPath(`${name}-${testInfo.project.name}.png`), fullPage: true });

/** The layout's pack, receiver (game id) and the receiver's account. */
const setupOf = (testInfo: TestInfo) =>
  isMobile(testInfo)
    ? { pack: 607, diamonds: '3,650', receiver: '8808765', account: 'player9' }
    : { pack: 606, diamonds: '2,200', receiver: '8804321', account: 'player8' };

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
  // Once the page's reads have settled: a click while the dialog was still loading was lost once, on a
  // busy machine (the dialog stayed at PREVIEW).
  await page.goto(`/store?tab=tien-te&productId=${pack}`, { waitUntil: 'networkidle' });
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

test('a first top-up bonus is shown in the dialog, given once, and on the receipt @desktop-only', async ({
  page,
  browser,
}, testInfo) => {
  const { pack, diamonds, receiver, account } = setupOf(testInfo);
  const title = `Quà nạp lần đầu ${testInfo.project.name}`;
  await publishFirstTopup(pack, title);

  // The store's card carries the bonus the dialog tells (issue 38), read after the page loads.
  await page.goto('/store?tab=tien-te');
  const badge = page.getByTestId(`pack-${pack}`).getByTestId('pack-bonus');
  await expect(badge).toHaveText('x2 nạp lần đầu');
  await expect(badge).toHaveAttribute('title', `Tặng thêm ${diamonds} × Kim cương, 1 × Rương tướng · ${title}`);
  await expect(page.getByTestId('pack-601').getByTestId('pack-bonus')).toHaveCount(0);
  await page.getByTestId(`pack-${pack}`).scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath(`promotion-card-${testInfo.project.name}.png`) });

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
  await useSignedIn(receiverPage, account, 'player123');
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

test('staff create a spend-milestones promotion in the console, find it without diacritics, and publish it with step-up @desktop-only', async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  const tag = Date.now().toString(36);
  // A pack of this run, never published (no order of it is paid): the promotion gives nothing to other tests' orders.
  const content = await apiSignIn('content1', 'staff123');
  const draftPack = await fetch(`${apiURL()}/api/internal/catalogue/packs`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${content.accessToken}` },
    body: JSON.stringify({
      title: `Gói Đua Mốc ${tag}`,
      tab: 'tien-te',
      price: 20_000,
      items: [{ itemId: 'gold', quantity: 10 }],
    }),
  }).then((response) => response.json());
  expect(draftPack.code).toBe('api.success');
  await useSignedIn(page, 'content1', 'staff123');
  const title = `Đua mốc nạp ${testInfo.project.name} ${tag}`;
  // Typed after a full load: a late client navigation could remount the form under the typing.
  await page.goto('/admin/promotions/new');
  await page.getByLabel('Loại khuyến mãi').selectOption({ label: 'Quà mốc nạp' });
  await page.getByLabel('Tên khuyến mãi').fill(title);
  await page.getByLabel('Bắt đầu', { exact: true }).fill(vietnamInput(-60_000));
  await page.getByLabel('Kết thúc', { exact: true }).fill(vietnamInput(-120_000));
  // The pack picked by its name, typed without diacritics; the form keeps its id.
  await page.getByLabel('Tìm gói áp dụng').fill(`goi dua moc ${tag}`);
  const choose = page.getByLabel('Chọn gói để thêm');
  await expect(choose.getByRole('option')).toHaveCount(2);
  await choose.selectOption({ label: `Gói Đua Mốc ${tag} (Tiền tệ, 20,000đ)` });
  const chosen = page.getByTestId('promotion-packs').getByRole('listitem');
  await expect(chosen).toHaveText([`Gói Đua Mốc ${tag}✕`]);
  await page.getByLabel('Mốc nạp (đ)').fill('200000');
  await page.getByLabel('Vật phẩm 1', { exact: true }).selectOption({ label: 'Vàng' });
  await page.getByLabel('Số lượng 1', { exact: true }).fill('5000');
  await page.getByRole('button', { name: 'Lưu bản nháp' }).click();
  // Refused under its field, in Vietnamese; fixed and saved.
  await expect(page.getByText('Thời điểm kết thúc phải sau thời điểm bắt đầu.')).toBeVisible();
  await page.getByLabel('Kết thúc', { exact: true }).fill(vietnamInput(3_600_000));
  await page.getByRole('button', { name: 'Lưu bản nháp' }).click();
  // Saving a promotion needs a recent code too (decision record 029).
  await stepUpIfAsked(page, 'content1', page.getByTestId('promotion-state'));
  await expect(page).toHaveURL(/\/admin\/promotions\/\d+$/);
  await expect(page.getByTestId('promotion-state')).toHaveText('Bản nháp');
  await expect(chosen).toHaveText([`Gói Đua Mốc ${tag}✕`]);
  await shot(page, testInfo, 'promotion-edit');

  await page.getByRole('button', { name: 'Đăng khuyến mãi' }).click();
  await page.getByRole('button', { name: 'Xác nhận' }).click();
  await stepUpIfAsked(page, 'content1', page.getByText('Đã đăng khuyến mãi.'));
  await expect(page.getByTestId('promotion-state')).toHaveText('Đã đăng');

  await page.goto('/admin/promotions?q=dua moc nap&state=published');
  const row = page.getByTestId('promotion-row').filter({ hasText: title });
  await expect(row).toContainText('Quà mốc nạp');
  await expect(row).toContainText(`Gói Đua Mốc ${tag}`);
  await expect(row).toContainText('Đã đăng');
  await shot(page, testInfo, 'promotion-list');
});
