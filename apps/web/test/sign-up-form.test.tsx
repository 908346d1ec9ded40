// @vitest-environment happy-dom
import { accountCodes, accountOptionsSchema, productAuthCodes, signUpResultSchema } from '@carabala/contracts';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SignUpForm } from '@/features/accounts/sign-up-form';
import { LoginForm } from '@/features/auth/login-form';
import { ok, refused, standIn, type Answer } from './support/api-stand-in';
import { fieldError, renderPage } from './support/render';

// The sign-up form (decision record 056): each field's error under it in Vietnamese, the guardian asked
// under 16 only, the API's refusals on their fields; and the sign-in form's "Gửi lại email xác minh".
const SIGN_UP = 'POST /accounts/sign-up';
const OPTIONS = 'GET /accounts/options';

/** A birth date `years` years ago, `days` days earlier. */
function bornYearsAgo(years: number, days = 0) {
  const date = new Date();
  date.setUTCFullYear(date.getUTCFullYear() - years);
  date.setUTCDate(date.getUTCDate() - days);
  return date.toISOString().slice(0, 10);
}

function showForm(answers: Record<string, Answer> = {}) {
  const api = standIn({ [OPTIONS]: ok(accountOptionsSchema, { signUp: true }), ...answers });
  const page = renderPage(<SignUpForm />);
  const input = (label: string) => screen.getByLabelText(label, { exact: false, selector: 'input' });
  const submit = () => page.user.click(screen.getByRole('button', { name: 'Đăng ký' }));
  const fill = async (values: Record<string, string>) => {
    for (const [label, value] of Object.entries(values)) {
      await page.user.clear(input(label));
      if (value) {
        await page.user.click(input(label));
        await page.user.paste(value);
      }
    }
  };
  return { ...page, api, input, submit, fill };
}

const adult = {
  'Tên tài khoản': 'lan.anh99',
  'Mật khẩu': 'mat-khau-123',
  Email: 'Lan.Anh@Example.vn',
  'Họ và tên': 'Trần Lan Anh',
  'Ngày sinh': bornYearsAgo(20, 2),
  'Số điện thoại di động': '0912 345 678',
};

describe('the sign-up form', () => {
  it('says what each empty or wrong field needs, under that field, and sends nothing', async () => {
    const { api, input, submit, fill } = showForm();
    await submit();
    await waitFor(() => expect(fieldError(input('Tên tài khoản'))).toBe('Vui lòng nhập tên tài khoản Carabala.'));
    expect(fieldError(input('Mật khẩu'))).toBe('Vui lòng nhập mật khẩu.');
    expect(fieldError(input('Email'))).toBe('Vui lòng nhập email.');
    expect(fieldError(input('Họ và tên'))).toBe('Vui lòng nhập họ và tên.');
    expect(fieldError(input('Ngày sinh'))).toBe('Vui lòng nhập ngày sinh.');
    expect(fieldError(input('Số điện thoại di động'))).toBe('Vui lòng nhập số điện thoại di động.');

    await fill({
      'Tên tài khoản': 'lan anh!',
      'Mật khẩu': '12345',
      Email: 'lan@',
      'Họ và tên': 'Lan',
      'Ngày sinh': bornYearsAgo(-1),
      'Số điện thoại di động': '0212 345 678',
    });
    await submit();
    await waitFor(() =>
      expect(fieldError(input('Tên tài khoản'))).toBe(
        'Tên tài khoản chỉ gồm chữ cái không dấu, chữ số và các ký tự . _ -',
      ),
    );
    expect(fieldError(input('Mật khẩu'))).toBe('Vui lòng nhập trong khoảng 6-200 kí tự.');
    expect(fieldError(input('Email'))).toBe('Email không hợp lệ.');
    expect(fieldError(input('Họ và tên'))).toBeNull();
    expect(fieldError(input('Ngày sinh'))).toBe('Ngày sinh không hợp lệ.');
    expect(fieldError(input('Số điện thoại di động'))).toBe(
      'Số điện thoại di động Việt Nam không hợp lệ (ví dụ 0912 345 678).',
    );
    expect(api.callsTo(SIGN_UP)).toEqual([]);
  });

  it('asks a 15-year-old for a guardian, and sends the numbers normalised', async () => {
    const { api, input, submit, fill } = showForm({
      [SIGN_UP]: ok(signUpResultSchema, { email: 'lan.anh@example.vn' }),
    });
    await fill({ ...adult, 'Ngày sinh': bornYearsAgo(15, 2) });
    expect(screen.getByTestId('guardian')).toBeTruthy();
    await submit();
    await waitFor(() =>
      expect(fieldError(input('Họ tên cha, mẹ hoặc người giám hộ'))).toBe(
        'Người chơi dưới 16 tuổi cần nhập họ tên cha, mẹ hoặc người giám hộ.',
      ),
    );
    expect(fieldError(input('Số điện thoại của cha, mẹ hoặc người giám hộ'))).toBe(
      'Người chơi dưới 16 tuổi cần nhập số điện thoại của cha, mẹ hoặc người giám hộ.',
    );
    await fill({
      'Họ tên cha, mẹ hoặc người giám hộ': 'Trần Văn Bố',
      'Số điện thoại của cha, mẹ hoặc người giám hộ': '0912 345 678',
    });
    await submit();
    await waitFor(() =>
      expect(fieldError(input('Số điện thoại của cha, mẹ hoặc người giám hộ'))).toBe(
        'Số điện thoại người giám hộ phải khác số của người chơi.',
      ),
    );
    await fill({ 'Số điện thoại của cha, mẹ hoặc người giám hộ': '+84 388 123 456' });
    await submit();
    expect((await screen.findByRole('status')).textContent).toContain('lan.anh@example.vn');
    expect(api.callsTo(SIGN_UP)[0]!.body).toMatchObject({
      email: 'lan.anh@example.vn',
      phone: '+84912345678',
      guardianName: 'Trần Văn Bố',
      guardianPhone: '+84388123456',
    });
  });

  it('asks no guardian at 16, and puts the API’s taken username under its field', async () => {
    const message = 'Tên tài khoản này đã có người dùng, vui lòng chọn tên khác.';
    const { input, submit, fill } = showForm({
      [SIGN_UP]: refused(400, { code: accountCodes.usernameTaken, message, errors: { username: [message] } }),
    });
    await fill({ ...adult, 'Ngày sinh': bornYearsAgo(16) });
    expect(screen.queryByTestId('guardian')).toBeNull();
    await submit();
    await waitFor(() => expect(fieldError(input('Tên tài khoản'))).toBe(message));
  });

  it('says where to sign up when the game owns the accounts', async () => {
    standIn({ [OPTIONS]: ok(accountOptionsSchema, { signUp: false }) });
    renderPage(<SignUpForm />);
    expect((await screen.findByTestId('sign-up-elsewhere')).textContent).toContain('đăng ký trong trò chơi');
    expect(screen.queryByRole('button', { name: 'Đăng ký' })).toBeNull();
  });
});

describe('the sign-in form of an unverified account', () => {
  it('offers "Gửi lại email xác minh" and says it was sent, whatever the account', async () => {
    const message = 'Tài khoản này chưa được xác minh email';
    const api = standIn({
      'POST /auth/carabala': refused(400, {
        code: productAuthCodes('carabala').unactivated,
        message,
        errors: { username: [message] },
      }),
      'POST /accounts/verify-email/resend': new Response(JSON.stringify({ code: 'api.success' }), {
        headers: { 'content-type': 'application/json' },
      }),
    });
    const { user } = renderPage(
      <LoginForm onSuccess={() => undefined} codeAsked={null} setCodeAsked={() => undefined} />,
    );
    await user.type(screen.getByLabelText('Tên tài khoản'), 'player3');
    await user.type(screen.getByLabelText('Mật khẩu'), 'player123');
    await user.click(screen.getByRole('button', { name: 'Đăng nhập' }));
    await user.click(await screen.findByRole('button', { name: 'Gửi lại email xác minh' }));
    expect((await screen.findByRole('status')).textContent).toContain('đã gửi lại email xác minh');
    expect(api.callsTo('POST /accounts/verify-email/resend')[0]!.body).toEqual({ username: 'player3' });
  });
});
