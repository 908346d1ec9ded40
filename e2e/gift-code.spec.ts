import type { Page, TestInfo } from '@playwright/test';
import { apiSignIn, apiURL, expect, isMobile, test, useSignedIn } from './fixtures';

/** The demo codes of the seed (apps/api/src/db/seed/gift-codes.ts). */
const demo = {
  expired: 'TET2025',
  usedUp: 'HETLUOT',
  newPlayers: 'TANTHU',
  restricted: 'VIPRIENG',
  inactive: 'TAMNGUNG',
};

/** A fresh unlimited code made through the staff API, so each viewport has its own first claim. */
async function freshCode(testInfo: TestInfo) {
  const admin = await apiSignIn('admin1', 'admin123');
  const code = `E2E${testInfo.project.name.toUpperCase()}${Date.now().toString(36).toUpperCase()}`;
  const response = await fetch(`${apiURL()}/api/internal/gift-codes/create-one`, {
    method: 'POST',
    headers: { authorization: `Bearer ${admin.accessToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ code, name: 'E2E', rewards: [{ itemId: 'diamond', quantity: 1 }], maxUses: null }),
  });
  expect(response.status).toBe(200);
  return code;
}

const panel = (page: Page) => page.getByRole('main');

async function redeem(page: Page, code: string) {
  const field = panel(page).getByLabel('Giftcode');
  await field.fill(code);
  await panel(page).getByRole('button', { name: 'Quy đổi', exact: true }).click();
  return panel(page).getByTestId('gift-code-result');
}

async function screenshot(page: Page, testInfo: TestInfo, name: string) {
  await page.screenshot({ path: testInfo.outputPath(`${name}-${testInfo.project.name}.png`), fullPage: true });
}

test.describe('/gift-code', () => {
  test('signed out: the prompt and a login button that signs in and stays here', async ({ page }, testInfo) => {
    await page.goto('/gift-code');
    const main = panel(page);
    await expect(main.getByText('Hãy đăng nhập ngay để nhập giftcode')).toBeVisible();
    await expect(main.getByRole('form', { name: 'Quy đổi mã' })).toHaveCount(0);
    await screenshot(page, testInfo, 'gift-code-signed-out');

    await main.getByRole('button', { name: 'Đăng nhập' }).click();
    const dialog = page.getByRole('dialog', { name: 'LOGIN' });
    await expect(dialog).toBeVisible();
    if (isMobile(testInfo)) await expect(page.locator('[data-vaul-drawer]')).toBeVisible();
    await dialog.getByLabel('Tên tài khoản').fill('player1');
    await dialog.getByLabel('Mật khẩu').fill('player123');
    await dialog.getByRole('button', { name: 'Đăng nhập', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/gift-code$/);
    await expect(main.getByRole('form', { name: 'Quy đổi mã' })).toBeVisible();
    await expect(main.getByText('Hãy đăng nhập ngay để nhập giftcode')).toHaveCount(0);
  });

  test('signed in: success in any case with spaces, then already claimed @desktop-only', async ({ page }, testInfo) => {
    const code = await freshCode(testInfo);
    await useSignedIn(page, 'player1', 'player123');
    await page.goto('/gift-code');
    await expect(panel(page).getByRole('heading', { name: 'Quy đổi mã' })).toBeVisible();

    const first = await redeem(page, `  ${code.toLowerCase()} `);
    await expect(first).toHaveText('Nhập giftcode thành công, phần thưởng sẽ được chuyển đến hộp thư của bạn.');
    await expect(first).toHaveAttribute('data-outcome', 'success');
    await expect(panel(page).getByLabel('Giftcode')).toHaveValue('');
    await screenshot(page, testInfo, 'gift-code-success');

    const again = await redeem(page, code);
    await expect(again).toHaveText('Bạn đã nhận phần thưởng này trước đó.');
    await expect(again).toHaveAttribute('data-outcome', 'refused');
    await screenshot(page, testInfo, 'gift-code-claimed');

    // An empty new attempt shows its own error only, not the previous answer under it.
    await redeem(page, '');
    await expect(panel(page).getByText('Vui lòng nhập giftcode.')).toBeVisible();
    await expect(panel(page).getByTestId('gift-code-result')).toHaveCount(0);
  });

  test('signed in: every refusal shows the server message @desktop-only', async ({ page }, testInfo) => {
    await useSignedIn(page, 'player1', 'player123');
    await page.goto('/gift-code');

    await panel(page).getByRole('button', { name: 'Quy đổi', exact: true }).click();
    await expect(panel(page).getByText('Vui lòng nhập giftcode.')).toBeVisible();

    const cases: [string, string][] = [
      [`KHONGCO${testInfo.project.name.toUpperCase()}`, 'Giftcode này không thể sử dụng.'],
      [demo.restricted, 'Bạn không thể sử dụng giftcode này.'],
      [demo.inactive, 'Bạn không thể sử dụng giftcode này.'],
      [demo.expired, 'Giftcode đã hết số lượt sử dụng.'],
      [demo.usedUp, 'Giftcode đã hết số lượt sử dụng.'],
    ];
    for (const [code, message] of cases) {
      const result = await redeem(page, code);
      await expect(result).toHaveText(message);
      await expect(result).toHaveAttribute('data-outcome', 'refused');
    }
    await screenshot(page, testInfo, 'gift-code-refused');
  });

  test('a veteran account is told the code is for new players only @desktop-only', async ({ page }) => {
    await useSignedIn(page, 'player2', 'player123');
    await page.goto('/gift-code');
    const result = await redeem(page, demo.newPlayers);
    await expect(result).toHaveText('Phần thưởng này chỉ áp dụng cho người chơi mới.');
  });
});
