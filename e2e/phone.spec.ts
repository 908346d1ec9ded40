import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, isMobile, test, useSignedIn } from './fixtures';

/**
 * /account/phone in the demo (decision record 057): a player adds a number, the demo's SMS (a file in
 * SMS_FOLDER) carries the code, a wrong code is refused under the field, the right one verifies.
 */
const smsFolder = () => process.env.E2E_SMS_FOLDER ?? '';

/** The 6 digits of the latest SMS to `to` (+84…). */
function latestCode(to: string): string | null {
  let names: string[];
  try {
    names = readdirSync(smsFolder()).sort();
  } catch {
    return null;
  }
  const texts = names
    .map((name) => readFileSync(join(smsFolder(), name), 'utf8'))
    .filter((text) => text.includes(`To: ${to}`));
  return texts.at(-1)?.match(/\b(\d{6})\b/)?.[1] ?? null;
}

const main = (page: Page) => page.getByRole('main');

test.describe('/account/phone', () => {
  test('adds a number, refuses a wrong code, verifies with the SMS code', async ({ page }, testInfo) => {
    // One number per viewport, so the two projects do not meet each other's throttle or number.
    const mobile = isMobile(testInfo);
    const national = mobile ? '0971 234 501' : '0971 234 502';
    const normalized = `+84${national.replace(/\s/g, '').slice(1)}`;
    await useSignedIn(page, mobile ? 'player1' : 'player2', 'player123');
    await page.goto('/account/phone');
    await expect(page.getByRole('heading', { name: 'Xác minh số điện thoại' })).toBeVisible();

    const newNumber = main(page).getByLabel('Số điện thoại mới');
    // An account without a number opens on the new number's form; one with a number offers to change it.
    await expect(main(page).getByTestId('phone-phone')).toBeVisible();
    if (!(await newNumber.isVisible()))
      await main(page)
        .getByRole('button', { name: /Thêm số|Đổi số/ })
        .click();
    await newNumber.fill('0123');
    await main(page).getByRole('button', { name: 'Gửi mã xác minh' }).click();
    await expect(main(page).getByText('Số điện thoại di động Việt Nam không hợp lệ.')).toBeVisible();
    await newNumber.fill(national);
    await main(page).getByRole('button', { name: 'Gửi mã xác minh' }).click();
    await expect(main(page).getByText(/Mã gồm 6 chữ số đã được gửi tới/)).toBeVisible();
    await expect(main(page).getByRole('button', { name: /Gửi lại sau \d+ giây/ })).toBeDisabled();
    await page.screenshot({ path: testInfo.outputPath(`phone-sent-${testInfo.project.name}.png`), fullPage: true });

    await expect.poll(() => latestCode(normalized)).not.toBeNull();
    const code = latestCode(normalized)!;
    const field = main(page).getByLabel('Mã xác minh');
    await field.fill(code === '000000' ? '111111' : '000000');
    await main(page).getByRole('button', { name: 'Xác minh', exact: true }).click();
    await expect(main(page).getByText(/Mã xác minh không đúng\. Bạn còn 4 lần thử\./)).toBeVisible();
    await field.fill(code);
    await main(page).getByRole('button', { name: 'Xác minh', exact: true }).click();
    await expect(main(page).getByText('Đã xác minh')).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`phone-verified-${testInfo.project.name}.png`), fullPage: true });
  });
});
