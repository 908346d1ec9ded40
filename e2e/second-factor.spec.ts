import type { Page, TestInfo } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { apiSignIn, apiURL, expect, isMobile, openLoginDialog, test } from './fixtures';

/*
 * The staff second factor in the browser (decision record 029): a player promoted to staff enrols
 * (the code computed here from the secret the page shows), signs in with a code and with a recovery
 * code, and is asked for a code in place by an action that needs a recent one. One account per
 * project (player4 on desktop, player5 on mobile), so the two projects never share a code.
 */

/** Each step waits on the API (argon2, several calls): generous under a loaded machine. */
const expectSoon = expect.configure({ timeout: 30_000 });

const dialog = (page: Page) => page.getByRole('dialog', { name: 'LOGIN' });

/** The code of `secret` for a time-step after `afterStep` (the API accepts one step ahead of now). */
function codeAfter(secret: string, afterStep: number) {
  const step = Math.max(Math.floor(Date.now() / 30_000), afterStep + 1);
  return { step, code: TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: step * 30_000 + 1000 }) };
}

async function promoteToStaff(shortId: string) {
  const admin = await apiSignIn('admin1', 'admin123');
  const call = (method: string, path: string, body: unknown) =>
    fetch(`${apiURL()}/api${path}`, {
      method,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${admin.accessToken}` },
      body: JSON.stringify(body),
    }).then((response) => response.json());
  const found = await call('POST', '/internal/users/find-many', { q: shortId });
  const player = found.data.items[0] as { id: string; role: string };
  if (player.role === 'player')
    expect((await call('PUT', `/internal/users/${player.id}/role`, { role: 'support' })).code).toBe('api.success');
}

async function signInWithPassword(page: Page, testInfo: TestInfo, username: string) {
  await page.goto('/');
  await openLoginDialog(page, testInfo);
  const form = dialog(page);
  await form.getByLabel('Tên tài khoản').fill(username);
  await form.getByLabel('Mật khẩu').fill('player123');
  await form.getByRole('button', { name: 'Đăng nhập', exact: true }).click();
  return form;
}

async function signOut(page: Page) {
  await page.evaluate(() => localStorage.clear());
}

test('a staff member enrols, signs in with a code and a recovery code, and steps up in place @desktop-only', async ({
  page,
}, testInfo) => {
  test.setTimeout(240_000);
  const [username, shortId] = isMobile(testInfo) ? ['player5', '8807890'] : ['player4', '8803456'];
  const shot = (label: string) =>
    page.screenshot({ path: testInfo.outputPath(`${label}-${testInfo.project.name}.png`) });
  await promoteToStaff(shortId);

  // Enrolment: the console opens only after one code of the new secret.
  const signIn = await signInWithPassword(page, testInfo, username);
  await expectSoon(signIn).toBeHidden();
  await page.goto('/admin');
  await expectSoon(page.getByRole('heading', { name: 'Bảo mật tài khoản' })).toBeVisible();
  await page.getByRole('button', { name: 'Bật xác thực hai lớp' }).click();
  await expectSoon(page.getByTestId('totp-qr')).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await shot('enrolment');
  await page.getByLabel('Mã xác thực').fill('000000');
  await page.getByRole('button', { name: 'Bật', exact: true }).click();
  await expectSoon(page.getByText('Mã xác thực không đúng.')).toBeVisible();
  const enrolment = codeAfter(secret, -1);
  await page.getByLabel('Mã xác thực').fill(enrolment.code);
  await page.getByRole('button', { name: 'Bật', exact: true }).click();
  const list = page.getByTestId('recovery-codes');
  await expectSoon(list.getByRole('listitem')).toHaveCount(10);
  const recoveryCodes = await list.getByRole('listitem').allTextContents();
  await shot('recovery-codes');
  await page.getByRole('button', { name: 'Tôi đã lưu các mã này' }).click();
  await expectSoon(page.getByRole('navigation', { name: 'Khu vực quản trị' })).toBeVisible();

  // Sign-in with a code: the dialog asks for it after the password.
  await signOut(page);
  const withCode = await signInWithPassword(page, testInfo, username);
  await expectSoon(withCode.getByLabel('Mã xác thực')).toBeVisible();
  await shot('sign-in-code');
  await withCode.getByLabel('Mã xác thực').fill(enrolment.code);
  await withCode.getByRole('button', { name: 'Xác nhận' }).click();
  await expectSoon(withCode.getByText('Mã này đã được dùng, vui lòng chờ mã mới.')).toBeVisible();
  await withCode.getByLabel('Mã xác thực').fill(codeAfter(secret, enrolment.step).code);
  await withCode.getByRole('button', { name: 'Xác nhận' }).click();
  await expectSoon(withCode).toBeHidden();
  await page.goto('/admin');
  await expectSoon(page.getByRole('heading', { name: 'Tổng quan' })).toBeVisible();

  // Sign-in with a recovery code.
  await signOut(page);
  const withRecovery = await signInWithPassword(page, testInfo, username);
  await withRecovery.getByLabel('Mã xác thực').fill(recoveryCodes[0]!);
  await withRecovery.getByRole('button', { name: 'Xác nhận' }).click();
  await expectSoon(withRecovery).toBeHidden();

  // Step-up in place: with the window ended, new recovery codes ask for a code, then are made.
  await page.goto('/admin/security');
  await expectSoon(page.getByText('Mã khôi phục còn lại: 9.')).toBeVisible();
  await page.getByRole('button', { name: 'Khoá thao tác nhạy cảm ngay' }).click();
  await expectSoon(page.getByText('Thao tác về tiền và quyền tiếp theo sẽ hỏi mã xác thực.')).toBeVisible();
  await page.getByRole('button', { name: 'Tạo lại mã khôi phục' }).click();
  await page.getByRole('button', { name: 'Xác nhận', exact: true }).click();
  const stepUp = page.getByRole('dialog', { name: 'Xác nhận bằng mã xác thực' });
  await expectSoon(stepUp).toBeVisible();
  await shot('step-up');
  await stepUp.getByLabel('Mã xác thực').fill(recoveryCodes[1]!);
  await stepUp.getByRole('button', { name: 'Xác nhận' }).click();
  await expectSoon(stepUp).toBeHidden();
  const renewed = page.getByTestId('recovery-codes').getByRole('listitem');
  await expectSoon(renewed).toHaveCount(10);
  expect(await renewed.allTextContents()).not.toContain(recoveryCodes[2]);
  await shot('step-up-done');
});
