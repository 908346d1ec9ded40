import type { Page, TestInfo } from '@playwright/test';
import { expectAccessible } from './axe';
import { apiSignIn, apiURL, expect, stepUpIfAsked, test, useSignedIn } from './fixtures';

// Issue 37: a receiver with characters on two servers (the demo's player10, 8800246) is asked
// "Chọn máy chủ" and "Chọn nhân vật" before "Thanh toán ngay"; the order and its receipt name the character.

const dialog = (page: Page) => page.getByTestId('purchase-dialog');
const step = (page: Page, name: string) => expect(dialog(page)).toHaveAttribute('data-step', name);

const shot = (page: Page, testInfo: TestInfo, name: string) =>
  page.screenshot({ path: testInfo.outputPath(`${name}-${testInfo.project.name}.png`), fullPage: true });

async function openPack(page: Page) {
  // 120 Kim Cương (49,000đ): no stock, no limit, so both projects may buy it for player10 at once.
  await page.goto('/store?tab=tien-te');
  await page.getByTestId('pack-601').click();
  await step(page, 'PREVIEW');
  await page.getByRole('button', { name: 'Mua ngay' }).click();
  await step(page, 'SELECT_AUTH');
}

test.describe('the character picker', () => {
  test('player10 buys for their character on server 2 and sees it on the success panel and receipt', async ({
    page,
  }, testInfo) => {
    await useSignedIn(page, 'player10', 'player123');
    await openPack(page);
    await page.getByRole('button', { name: /Dùng tài khoản đang đăng nhập/ }).click();
    await step(page, 'CONFIRM');

    const server = dialog(page).getByLabel('Chọn máy chủ');
    const character = dialog(page).getByLabel('Chọn nhân vật');
    await expect(server).toBeVisible();
    await expect(character).toBeDisabled();

    // Not chosen: said under the field, no order made.
    await page.getByRole('button', { name: 'Thanh toán ngay' }).click();
    await expect(dialog(page).getByText('Vui lòng chọn máy chủ.')).toBeVisible();
    await step(page, 'CONFIRM');

    await server.selectOption({ label: 'Máy chủ 1 - Rồng Lửa' });
    await expect(character.locator('option')).toHaveText([
      'Chưa chọn nhân vật',
      'Thanh Hà · Cấp 52',
      'Hà Nhỏ · Cấp 18',
    ]);
    await page.getByRole('button', { name: 'Thanh toán ngay' }).click();
    await expect(dialog(page).getByText('Vui lòng chọn nhân vật.')).toBeVisible();
    await shot(page, testInfo, 'picker-error');

    // Server 2 has one character: choosing the server chooses it.
    await server.selectOption({ label: 'Máy chủ 2 - Bạch Hổ' });
    await expect(character).toHaveValue('c-201');
    await expect(character.locator('option:checked')).toHaveText('Bạch Hà · Cấp 37');
    await expectAccessible(page, 'CONFIRM with the character picker', { include: '[data-testid="purchase-dialog"]' });
    await shot(page, testInfo, 'picker-chosen');
    await page.getByRole('button', { name: 'Thanh toán ngay' }).click();

    await step(page, 'TRANSFER');
    const line = 'Nhân vật: Bạch Hà (Cấp 37) · Máy chủ 2 - Bạch Hổ';
    await expect(page.getByTestId('order-summary')).toContainText(line);
    await page.getByLabel('Số tiền giả lập').fill('49000');
    await page.getByRole('button', { name: 'Giả lập chuyển khoản' }).click();
    await expect(page.getByText('Giao dịch thành công!')).toBeVisible();
    await expect(page.getByTestId('payment-success-character')).toHaveText(line);
    await shot(page, testInfo, 'paid-character');

    const code = (await page.getByTestId('transaction-code').textContent())!.trim();
    await page.goto(`/store/history/${code}`);
    await expect(page.getByTestId('receipt-character')).toHaveText(line);
    await page.goto('/store/history');
    await expect(page.getByTestId('history-character').first()).toHaveText(line);
  });

  test('ENTER_ID 8800246 from another player shows the picker under the receiver @desktop-only', async ({
    page,
  }, testInfo) => {
    await useSignedIn(page, 'player2', 'player123');
    await openPack(page);
    await page.getByRole('button', { name: /Nhập User ID/ }).click();
    await step(page, 'ENTER_ID');
    await page.getByPlaceholder('User ID...').fill('8800246');
    await page.getByPlaceholder('User ID...').blur();
    await expect(page.getByTestId('receiver-preview')).toContainText('Lý Thanh Hà');
    await expect(page.getByTestId('character-picker')).toBeVisible();
    await dialog(page).getByLabel('Chọn máy chủ').selectOption({ label: 'Máy chủ 1 - Rồng Lửa' });
    await dialog(page).getByLabel('Chọn nhân vật').selectOption({ label: 'Hà Nhỏ · Cấp 18' });
    await shot(page, testInfo, 'enter-id-picker');
    await page.getByRole('button', { name: 'Thanh toán ngay' }).click();
    await step(page, 'TRANSFER');
    await expect(page.getByTestId('order-summary')).toContainText('Nhân vật: Hà Nhỏ (Cấp 18) · Máy chủ 1 - Rồng Lửa');

    // A receiver without characters: no picker, as before.
    await openPack(page);
    await page.getByRole('button', { name: /Nhập User ID/ }).click();
    await page.getByPlaceholder('User ID...').fill('8801234');
    await page.getByPlaceholder('User ID...').blur();
    await expect(page.getByTestId('receiver-preview')).toContainText('Nguyễn Minh Anh');
    await expect(page.getByTestId('character-picker')).toHaveCount(0);
  });

  test('player10 chooses the character that receives a gift code @desktop-only', async ({ page }, testInfo) => {
    // A code of this viewport's own, made through the staff API.
    const admin = await apiSignIn('admin1', 'admin123');
    const code = `NV${testInfo.project.name.toUpperCase()}${Date.now().toString(36).toUpperCase()}`;
    const created = await fetch(`${apiURL()}/api/internal/gift-codes/create-one`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin.accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ code, name: 'E2E', rewards: [{ itemId: 'diamond', quantity: 1 }], maxUses: null }),
    });
    expect(created.status).toBe(200);

    await useSignedIn(page, 'player10', 'player123');
    await page.goto('/gift-code');
    const main = page.getByRole('main');
    await main.getByLabel('Giftcode').fill(code);
    await main.getByRole('button', { name: 'Quy đổi', exact: true }).click();
    await expect(main.getByText('Vui lòng chọn máy chủ.')).toBeVisible();
    await expect(main.getByTestId('gift-code-result')).toHaveCount(0);

    await main.getByLabel('Chọn máy chủ').selectOption({ label: 'Máy chủ 1 - Rồng Lửa' });
    await main.getByLabel('Chọn nhân vật').selectOption({ label: 'Thanh Hà · Cấp 52' });
    await shot(page, testInfo, 'gift-code-picker');
    await main.getByRole('button', { name: 'Quy đổi', exact: true }).click();
    await expect(main.getByTestId('gift-code-result')).toHaveAttribute('data-outcome', 'success');
    await expect(main.getByTestId('gift-code-character')).toHaveText(
      'Nhân vật: Thanh Hà (Cấp 52) · Máy chủ 1 - Rồng Lửa',
    );
    await shot(page, testInfo, 'gift-code-claimed');
  });

  test('an admin grants a pack to one of player10 characters @desktop-only', async ({ page }, testInfo) => {
    const reason = `Đền bù nhân vật ${Date.now().toString(36)}`;
    const admin = await useSignedIn(page, 'admin1', 'admin123');
    await page.goto('/admin/transactions');
    await page.getByRole('button', { name: 'Tặng gói thủ công' }).click();
    const grant = page.getByRole('dialog', { name: 'Tặng gói thủ công' });
    await grant.getByLabel('User ID người nhận').fill('8800246');
    await expect(grant.getByTestId('character-picker')).toBeVisible();
    await grant.getByLabel('Chọn máy chủ').selectOption({ label: 'Máy chủ 2 - Bạch Hổ' });
    await expect(grant.getByLabel('Chọn nhân vật')).toHaveValue('c-201');
    await grant.getByLabel('Mã gói').selectOption('601');
    await grant.getByLabel('Lý do').fill(reason);
    await shot(page, testInfo, 'grant-picker');
    await grant.getByRole('button', { name: 'Tặng gói' }).click();
    await expect(grant.getByTestId('grant-confirm')).toContainText('Bạch Hà (Cấp 37) · Máy chủ 2 - Bạch Hổ');
    await grant.getByRole('button', { name: 'Xác nhận tặng' }).click();
    const waiting = grant.getByTestId('approval-pending');
    await stepUpIfAsked(page, 'admin1', waiting);
    await expect(waiting).toBeVisible();

    const listed = await fetch(`${apiURL()}/api/internal/approvals?status=pending&q=${encodeURIComponent(reason)}`, {
      headers: { authorization: `Bearer ${admin.accessToken}` },
    }).then((response) => response.json());
    expect(listed.data.items[0].summary).toContain('nhân vật Bạch Hà (Cấp 37) · Máy chủ 2 - Bạch Hổ');
  });
});
