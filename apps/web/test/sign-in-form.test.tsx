// @vitest-environment happy-dom
import { loginResultSchema, meSchema, productAuthCodes } from '@carabala/contracts';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { LoginForm } from '@/features/auth/login-form';
import { tokenStore } from '@/lib/storage';
import { ok, refused, standIn, type Answer } from './support/api-stand-in';
import { fieldError, player, renderPage } from './support/render';

/** The sign-in form's errors (the description's points 5 and 8), each under its own field, in Vietnamese. */

const SIGN_IN = 'POST /auth/carabala';
const codes = productAuthCodes('carabala');

function showForm(answer?: Answer) {
  const api = standIn({ ...(answer ? { [SIGN_IN]: answer } : {}), 'GET /me': ok(meSchema, player) });
  const onSuccess = vi.fn();
  const page = renderPage(<LoginForm onSuccess={onSuccess} codeAsked={null} setCodeAsked={() => undefined} />);
  const username = screen.getByLabelText('Tên tài khoản');
  const password = screen.getByLabelText('Mật khẩu');
  const submit = () => page.user.click(screen.getByRole('button', { name: 'Đăng nhập' }));
  return { ...page, api, onSuccess, username, password, submit };
}

describe('the sign-in form', () => {
  it('asks for each field, then for 6 to 199 characters, and sends nothing until both are right', async () => {
    const { user, api, username, password, submit } = showForm();
    await submit();
    await waitFor(() => expect(fieldError(username)).toBe('Vui lòng nhập tên tài khoản Carabala.'));
    expect(fieldError(password)).toBe('Vui lòng nhập mật khẩu.');

    await user.type(username, 'lan');
    await user.type(password, '12345');
    await submit();
    await waitFor(() => expect(fieldError(username)).toBe('Vui lòng nhập trong khoảng 6-200 kí tự.'));
    expect(fieldError(password)).toBe('Vui lòng nhập trong khoảng 6-200 kí tự.');

    // 199 characters pass, 200 do not.
    await user.clear(username);
    await user.click(username);
    await user.paste('a'.repeat(199));
    await user.clear(password);
    await user.click(password);
    await user.paste('b'.repeat(200));
    await submit();
    await waitFor(() => expect(fieldError(password)).toBe('Vui lòng nhập trong khoảng 6-200 kí tự.'));
    expect(fieldError(username)).toBeNull();
    expect(api.callsTo(SIGN_IN)).toEqual([]);
  });

  it.each([
    ['a wrong password', codes.passwordInvalid, 'password', 'Mật khẩu không chính xác'],
    [
      'an account whose e-mail is not verified',
      codes.unactivated,
      'username',
      'Tài khoản này chưa được xác minh email',
    ],
  ] as const)('says %s under its field', async (_, code, field, message) => {
    const { user, username, password, submit, onSuccess } = showForm(
      refused(400, { code, message, errors: { [field]: [message] } }),
    );
    await user.type(username, 'lananh');
    await user.type(password, 'secret-pass');
    await submit();
    const [named, other] = field === 'password' ? [password, username] : [username, password];
    await waitFor(() => expect(fieldError(named)).toBe(message));
    expect(fieldError(other)).toBeNull();
    expect(onSuccess).not.toHaveBeenCalled();
  });

  it('says a refusal that names no field above the button', async () => {
    const message = 'Bạn đã đăng nhập sai quá nhiều lần. Vui lòng thử lại sau 15 phút.';
    const { user, username, password, submit } = showForm(
      refused(429, { code: 'api.rate_limited', message, key: 'auth.tooManyAttempts', params: { minutes: 15 } }),
    );
    await user.type(username, 'lananh');
    await user.type(password, 'secret-pass');
    await submit();
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(fieldError(username)).toBeNull();
    expect(fieldError(password)).toBeNull();
  });

  it('signs in with the trimmed credentials and a web device id, keeping the session', async () => {
    const { user, api, username, password, submit, onSuccess } = showForm(
      ok(loginResultSchema, { accessToken: 'token-of-test', user: player }),
    );
    await user.type(username, '  lananh ');
    await user.type(password, 'secret-pass');
    await submit();
    await waitFor(() => expect(onSuccess).toHaveBeenCalledWith(player));
    expect(api.callsTo(SIGN_IN).map((call) => call.body)).toEqual([
      {
        username: 'lananh',
        password: 'secret-pass',
        deviceId: expect.stringMatching(/^carabala\.web\.[0-9a-f-]{36}$/),
      },
    ]);
    expect(tokenStore.get()).toBe('token-of-test');
  });
});
