// @vitest-environment happy-dom
import { meSchema, phoneCodes, phoneCodeSentSchema, phoneStatusSchema, type PhoneStatus } from '@carabala/contracts';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PhoneVerification } from '@/features/phone/phone-verification';
import { ok, refused, standIn, type Answer } from './support/api-stand-in';
import { fieldError, player, renderPage } from './support/render';

/** The phone verification page: sending a code, entering it, its refusals, and no SMS provider. */

const unverified: PhoneStatus = {
  phone: { phone: '0912 *** 678', verified: false },
  guardian: null,
  requiredFor: ['buy', 'play'],
  smsAvailable: true,
};
const sent = ok(phoneCodeSentSchema, {
  sentTo: '0912 *** 678',
  expiresAt: new Date(Date.now() + 300_000).toISOString(),
  resendAt: new Date(Date.now() + 60_000).toISOString(),
});

function showPage(status: PhoneStatus, routes: Record<string, Answer> = {}) {
  const api = standIn({ 'GET /me': ok(meSchema, player), 'GET /phone': ok(phoneStatusSchema, status), ...routes });
  const page = renderPage(<PhoneVerification />, { signedIn: player });
  return { ...page, api };
}

describe('the phone verification page', () => {
  it('sends a code, counts down to the next one, and verifies the number', async () => {
    const { user, api } = showPage(unverified, {
      'POST /phone/codes': sent,
      'POST /phone/verify': ok(phoneStatusSchema, { ...unverified, phone: { phone: '0912 *** 678', verified: true } }),
    });
    expect(await screen.findByText('Chưa xác minh')).toBeTruthy();
    expect(screen.getByText('Cần xác minh số điện thoại để: mua gói, vào trò chơi.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Gửi mã xác minh' }));
    // The number holds together on a narrow screen: no-break spaces, not spaces.
    expect(
      await screen.findByText(/đã được gửi tới 0912\u00a0\*\*\*\u00a0678,/, { normalizer: (text) => text }),
    ).toBeTruthy();
    const resend = screen.getByRole('button', { name: /Gửi lại sau \d+ giây/ });
    expect(resend).toHaveProperty('disabled', true);
    expect(api.callsTo('POST /phone/codes').map((call) => call.body)).toEqual([{ target: 'phone' }]);

    await user.type(screen.getByLabelText('Mã xác minh'), '123456');
    await user.click(screen.getByRole('button', { name: 'Xác minh' }));
    expect(await screen.findByText('Đã xác minh')).toBeTruthy();
    expect(api.callsTo('POST /phone/verify').map((call) => call.body)).toEqual([{ target: 'phone', code: '123456' }]);
  });

  it('asks for six digits before sending, and says a wrong code under the field', async () => {
    const message = 'Mã xác minh không đúng. Bạn còn 4 lần thử.';
    const { user, api } = showPage(unverified, {
      'POST /phone/codes': sent,
      'POST /phone/verify': refused(400, {
        code: phoneCodes.codeInvalid,
        message,
        params: { triesLeft: 4 },
        errors: { code: [message] },
        issues: { code: [{ key: 'api.phone.code_invalid', params: { triesLeft: 4 } }] },
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Gửi mã xác minh' }));
    const field = await screen.findByLabelText('Mã xác minh');
    await user.type(field, '12a');
    await user.click(screen.getByRole('button', { name: 'Xác minh' }));
    await waitFor(() => expect(fieldError(field)).toBe('Vui lòng nhập đủ 6 chữ số của mã xác minh.'));
    expect(api.callsTo('POST /phone/verify')).toEqual([]);
    await user.clear(field);
    await user.type(field, '000000');
    await user.click(screen.getByRole('button', { name: 'Xác minh' }));
    await waitFor(() => expect(fieldError(field)).toBe(message));
  });

  it('says how long to wait when the codes are throttled', async () => {
    const message = 'Vui lòng đợi 42 giây trước khi gửi lại mã.';
    const { user } = showPage(unverified, {
      'POST /phone/codes': refused(429, { code: phoneCodes.wait, message, params: { seconds: 42 } }),
    });
    await user.click(await screen.findByRole('button', { name: 'Gửi mã xác minh' }));
    expect((await screen.findByRole('alert')).textContent).toBe(message);
  });

  it('refuses a number that is not a Vietnamese mobile number, before sending', async () => {
    const { user, api } = showPage(unverified);
    await user.click(await screen.findByRole('button', { name: 'Đổi số điện thoại' }));
    const field = screen.getByLabelText('Số điện thoại mới');
    await user.type(field, '0123');
    await user.click(screen.getByRole('button', { name: 'Gửi mã xác minh' }));
    await waitFor(() => expect(fieldError(field)).toBe('Số điện thoại di động Việt Nam không hợp lệ.'));
    expect(api.callsTo('POST /phone/codes')).toEqual([]);
  });

  it('says codes cannot be sent when the site has no SMS provider, and offers no button', async () => {
    showPage({ ...unverified, smsAvailable: false });
    expect((await screen.findByRole('alert')).textContent).toMatch(/Hiện chưa thể gửi mã xác minh qua SMS/);
    expect(screen.queryByRole('button', { name: 'Gửi mã xác minh' })).toBeNull();
  });

  it("shows the guardian's number beside the player's", async () => {
    showPage({ ...unverified, guardian: { name: 'Nguyễn Văn Bố', phone: '0905 *** 666', verified: true } });
    expect(await screen.findByText('Số điện thoại người giám hộ (Nguyễn Văn Bố)')).toBeTruthy();
    expect(screen.getByText('0905 *** 666')).toBeTruthy();
  });
});
