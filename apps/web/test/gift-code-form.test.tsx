// @vitest-environment happy-dom
import {
  envelope,
  giftCodeClaimResultSchema,
  giftCodeCodes,
  giftCodeMessages,
  meSchema,
  userLookupSchema,
} from '@carabala/contracts';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { GiftCodeForm } from '@/features/gift-codes/gift-code-form';
import { ok, refused, standIn, type Answer } from './support/api-stand-in';
import { fieldError, player, renderPage } from './support/render';

/** The gift-code form: its field's errors (point 5) and each answer of the error catalogue (point 8). */

const CLAIM = 'POST /gift-codes/claim';

function showForm(answer?: Answer) {
  const api = standIn({
    'GET /me': ok(meSchema, player),
    'GET /users/lookup?shortId=1234567': ok(userLookupSchema, { ...player, servers: [] }),
    ...(answer ? { [CLAIM]: answer } : {}),
  });
  const page = renderPage(<GiftCodeForm />, { signedIn: player });
  const code = screen.getByLabelText('Giftcode');
  const submit = () => page.user.click(screen.getByRole('button', { name: 'Quy đổi' }));
  return { ...page, api, code, submit };
}

/** The claim's success as the API answers it: its message and the rewards, checked with the contracts. */
const claimed = new Response(
  JSON.stringify(
    envelope(giftCodeClaimResultSchema).parse({
      code: 'api.success',
      message: 'Nhập giftcode thành công, phần thưởng sẽ được chuyển đến hộp thư của bạn.',
      key: giftCodeMessages.success,
      data: { claimId: 'c-1', code: 'TET2026', name: 'Quà Tết', rewards: [], character: null },
    }),
  ),
  { status: 200, headers: { 'content-type': 'application/json' } },
);

describe('the gift-code form', () => {
  it('asks for a code, then for at most 40 characters, and sends nothing until then', async () => {
    const { user, api, code, submit } = showForm();
    await submit();
    await waitFor(() => expect(fieldError(code)).toBe('Vui lòng nhập giftcode.'));
    // Spaces alone are no code.
    await user.type(code, '   ');
    await submit();
    await waitFor(() => expect(fieldError(code)).toBe('Vui lòng nhập giftcode.'));
    await user.clear(code);
    await user.click(code);
    await user.paste('A'.repeat(41));
    await submit();
    await waitFor(() => expect(fieldError(code)).toBe('Vui lòng nhập trong khoảng 1-40 kí tự.'));
    expect(api.callsTo(CLAIM)).toEqual([]);
  });

  it('sends the code without spaces, upper-cased, and says it was claimed', async () => {
    const { user, api, code, submit } = showForm(claimed);
    await user.type(code, ' tet 2026 ');
    await submit();
    const result = await screen.findByTestId('gift-code-result');
    expect(result.getAttribute('role')).toBe('status');
    expect(result.textContent).toBe('Nhập giftcode thành công, phần thưởng sẽ được chuyển đến hộp thư của bạn.');
    expect(api.callsTo(CLAIM).map((call) => call.body)).toEqual([{ code: 'TET2026' }]);
    // The field is emptied for the next code.
    expect(code).toHaveProperty('value', '');
  });

  it.each([
    [giftCodeCodes.notFound, 404, 'Giftcode này không thể sử dụng.'],
    [giftCodeCodes.unauthorized, 403, 'Bạn không thể sử dụng giftcode này.'],
    [giftCodeCodes.expired, 409, 'Giftcode đã hết số lượt sử dụng.'],
    [giftCodeCodes.noneRemaining, 409, 'Giftcode đã hết số lượt sử dụng.'],
    [giftCodeCodes.claimed, 409, 'Bạn đã nhận phần thưởng này trước đó.'],
    [giftCodeCodes.newPlayerOnly, 409, 'Phần thưởng này chỉ áp dụng cho người chơi mới.'],
  ])('says %s as the catalogue words it', async (code, status, message) => {
    const { user, code: field, submit } = showForm(refused(status, { code, message }));
    await user.type(field, 'TET2026');
    await submit();
    const result = await screen.findByTestId('gift-code-result');
    expect(result.getAttribute('role')).toBe('alert');
    expect(result.textContent).toBe(message);
    // A refused code stays in the field, to be corrected.
    expect(field).toHaveProperty('value', 'TET2026');
  });

  it('says the server could not be reached', async () => {
    const { user, code, submit } = showForm(() => Promise.reject(new TypeError('Failed to fetch')));
    await user.type(code, 'TET2026');
    await submit();
    expect((await screen.findByTestId('gift-code-result')).textContent).toBe(
      'Không thể kết nối máy chủ, vui lòng kiểm tra mạng và thử lại.',
    );
  });

  it('drops an old answer when the next try is invalid', async () => {
    const { user, code, submit } = showForm(
      refused(404, { code: giftCodeCodes.notFound, message: 'Giftcode này không thể sử dụng.' }),
    );
    await user.type(code, 'TET2026');
    await submit();
    await screen.findByTestId('gift-code-result');
    await user.clear(code);
    await submit();
    await waitFor(() => expect(fieldError(code)).toBe('Vui lòng nhập giftcode.'));
    expect(screen.queryByTestId('gift-code-result')).toBeNull();
  });
});
