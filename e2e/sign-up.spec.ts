import type { Page, TestInfo } from '@playwright/test';
import { expect, openLoginDialog, test } from './fixtures';
import { expectAccessible } from './axe';
import { expectNoHorizontalOverflow } from './layout';

/** A birth date `years` years ago, `days` days earlier (YYYY-MM-DD, as a date input takes it). */
function bornYearsAgo(years: number, days = 0) {
  const date = new Date();
  date.setUTCFullYear(date.getUTCFullYear() - years);
  date.setUTCDate(date.getUTCDate() - days);
  return date.toISOString().slice(0, 10);
}

async function screenshot(page: Page, testInfo: TestInfo, name: string) {
  await page.screenshot({ path: testInfo.outputPath(`${name}-${testInfo.project.name}.png`), fullPage: true });
}

test.describe('/dang-ky', () => {
  test('a 15-year-old’s sign-up asks for a guardian, then says where the link went', async ({ page }, testInfo) => {
    await page.goto('/');
    await openLoginDialog(page, testInfo);
    const dialog = page.getByRole('dialog', { name: 'LOGIN' });
    await dialog.getByRole('link', { name: 'Đăng ký' }).click();
    await expect(page).toHaveURL(/\/dang-ky$/);
    await expect(dialog).toBeHidden();

    const main = page.getByRole('main');
    const stamp = `${testInfo.project.name.slice(0, 3)}${Date.now().toString(36)}`;
    await main.getByLabel('Tên tài khoản').fill(`hs.${stamp}`);
    await main.getByLabel('Mật khẩu').fill('mat-khau-hoc-sinh');
    await main.getByLabel('Email').fill(`hs.${stamp}@example.vn`);
    await main.getByLabel('Họ và tên').fill('Nguyễn Minh Khoa');
    await main.getByLabel('Số điện thoại di động').fill(`09${String(Date.now()).slice(-8)}`);
    await expect(main.getByTestId('guardian')).toHaveCount(0);
    await main.getByLabel('Ngày sinh').fill(bornYearsAgo(15, 10));

    const guardian = main.getByTestId('guardian');
    await expect(guardian).toBeVisible();
    await main.getByRole('button', { name: 'Đăng ký', exact: true }).click();
    await expect(main.getByText('Người chơi dưới 16 tuổi cần nhập họ tên cha, mẹ hoặc người giám hộ.')).toBeVisible();
    await expect(
      main.getByText('Người chơi dưới 16 tuổi cần nhập số điện thoại của cha, mẹ hoặc người giám hộ.'),
    ).toBeVisible();
    await expectNoHorizontalOverflow(page, 'the sign-up form with its errors');
    await expectAccessible(page, 'the sign-up form with its errors');
    await screenshot(page, testInfo, 'sign-up-guardian');

    await guardian.getByLabel('Họ tên cha, mẹ hoặc người giám hộ').fill('Nguyễn Văn Bình');
    await guardian.getByLabel('Số điện thoại của cha, mẹ hoặc người giám hộ').fill('0388 123 456');
    await main.getByRole('button', { name: 'Đăng ký', exact: true }).click();
    await expect(main.getByRole('status')).toContainText(`hs.${stamp}@example.vn`);
    await screenshot(page, testInfo, 'sign-up-sent');
  });

  test('forgotten password: the same answer for anyone, from the sign-in dialog', async ({ page }, testInfo) => {
    await page.goto('/');
    await openLoginDialog(page, testInfo);
    await page.getByRole('dialog', { name: 'LOGIN' }).getByRole('link', { name: 'Quên mật khẩu?' }).click();
    await expect(page).toHaveURL(/\/quen-mat-khau$/);
    const main = page.getByRole('main');
    await main.getByLabel('Tên tài khoản hoặc email').fill('khong.ai.co.ten.nay');
    await main.getByRole('button', { name: 'Gửi liên kết' }).click();
    await expect(main.getByTestId('reset-sent')).toContainText('Nếu thông tin này thuộc về một tài khoản');
    await expectNoHorizontalOverflow(page, 'the forgotten-password answer');
    await expectAccessible(page, 'the forgotten-password answer');
    await screenshot(page, testInfo, 'forgot-password');
  });

  test('player3 (unverified) is offered "Gửi lại email xác minh", answered the same either way', async ({
    page,
  }, testInfo) => {
    await page.goto('/');
    await openLoginDialog(page, testInfo);
    const dialog = page.getByRole('dialog', { name: 'LOGIN' });
    await dialog.getByLabel('Tên tài khoản').fill('player3');
    await dialog.getByLabel('Mật khẩu').fill('player123');
    await dialog.getByRole('button', { name: 'Đăng nhập', exact: true }).click();
    await expect(dialog.getByText('Tài khoản này chưa được xác minh email')).toBeVisible();
    await dialog.getByRole('button', { name: 'Gửi lại email xác minh' }).click();
    await expect(dialog.getByRole('status')).toContainText('chúng tôi đã gửi lại email xác minh');
    // The form and its links: the social buttons above are the sign-in dialog's own suite's.
    await expectAccessible(page, 'the sign-in form with the resend action', { include: '[role=dialog] form' });
    await screenshot(page, testInfo, 'sign-in-resend');
  });

  test('a spent or made-up link says so, on the verification and the reset pages', async ({ page }, testInfo) => {
    const madeUp = 'A'.repeat(43);
    await page.goto(`/xac-minh-email#${madeUp}`);
    const main = page.getByRole('main');
    await expect(main.getByRole('alert')).toHaveText(
      'Liên kết đã hết hạn hoặc đã được dùng. Vui lòng yêu cầu liên kết mới.',
    );
    // The token leaves the address bar at once.
    expect(new URL(page.url()).hash).toBe('');
    await expect(main.getByRole('button', { name: 'Đăng nhập' })).toBeVisible();
    await expectNoHorizontalOverflow(page, 'the verification page');
    await expectAccessible(page, 'the verification page');
    await screenshot(page, testInfo, 'verify-invalid');

    await page.goto(`/dat-lai-mat-khau#${madeUp}`);
    await main.getByLabel(/^Mật khẩu mới/).fill('mat-khau-moi-1');
    await main.getByLabel(/^Nhập lại mật khẩu mới/).fill('mat-khau-moi-2');
    await main.getByRole('button', { name: 'Đặt mật khẩu mới' }).click();
    await expect(main.getByText('Mật khẩu nhập lại không khớp.')).toBeVisible();
    await main.getByLabel(/^Nhập lại mật khẩu mới/).fill('mat-khau-moi-1');
    await main.getByRole('button', { name: 'Đặt mật khẩu mới' }).click();
    await expect(main.getByRole('alert')).toHaveText(
      'Liên kết đã hết hạn hoặc đã được dùng. Vui lòng yêu cầu liên kết mới.',
    );
    await expectNoHorizontalOverflow(page, 'the reset page');
    await expectAccessible(page, 'the reset page');
    await screenshot(page, testInfo, 'reset-invalid');
  });
});
