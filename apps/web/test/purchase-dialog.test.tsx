// @vitest-environment happy-dom
import {
  authProvidersSchema,
  bankTransactionSchema,
  itemNamesSchema,
  loginResultSchema,
  meSchema,
  purchaseResultSchema,
  storeCodes,
  storeMessages,
  packQuotesSchema,
  type Sentence,
  userLookupSchema,
  phoneCodes,
} from '@carabala/contracts';
import type { Pack } from '@carabala/contracts/catalogue';
import { quote, quoteProductOf, unknownStanding, type Quote } from '@carabala/contracts/quote';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PurchaseDialog } from '@/features/store/purchase-dialog';
import { ok, refused, standIn, type Answer } from './support/api-stand-in';
import { bankTransaction, NOW, plainPack, selectablePack } from './support/fixtures';
import { fieldError, player, renderPage } from './support/render';

/**
 * The purchase dialog's steps, rendered on their own (the store page may load the dialog lazily):
 * choose a pack, buy for oneself or for another User ID, confirm, and the refusals, each said in the
 * words of messages/vi (or the API's own message where the description says so).
 */

const ambient = {
  'GET /items/names': ok(itemNamesSchema, { names: {} }),
  ...Object.fromEntries(
    [plainPack, selectablePack].flatMap((pack) =>
      ['', '&receiver=7654321', '&receiver=1234567'].map((receiver) => [
        `GET /store/quote?packId=${pack.id}${receiver}`,
        ok(packQuotesSchema, { quotes: quotesOf(pack) }),
      ]),
    ),
  ),
  'GET /users/lookup?shortId=7654321': ok(userLookupSchema, {
    shortId: '7654321',
    displayName: 'Minh Khoa',
    avatar: null,
    servers: [],
  }),
  'GET /users/lookup?shortId=1234567': ok(userLookupSchema, { ...player, servers: [] }),
  'GET /transactions/bank/tx-7f3a9c': ok(bankTransactionSchema, bankTransaction()),
  'GET /auth/providers': ok(authProvidersSchema, { google: null, facebook: null }),
};

/** Each product's quote for anyone, with no promotion running (what the store's quote call answers). */
function quotesOf(pack: Pack): Quote[] {
  const ids = pack.options?.length ? pack.options.map((option) => option.id) : [pack.id];
  return ids.map((id) => quote(quoteProductOf(pack, id)!, unknownStanding, { at: NOW, promotions: [] }));
}

function openDialog(
  routes: Record<string, Answer> = {},
  { pack = plainPack, initialShortId = null, transactionId = null, signedIn = false } = {} as {
    pack?: Pack;
    initialShortId?: string | null;
    transactionId?: string | null;
    signedIn?: boolean;
  },
) {
  const api = standIn({ ...ambient, ...(signedIn ? { 'GET /me': ok(meSchema, player) } : {}), ...routes });
  const onClose = vi.fn();
  const onCreated = vi.fn();
  const page = renderPage(
    <PurchaseDialog
      pack={pack}
      urlProductId={pack.id}
      initialShortId={initialShortId}
      transactionId={transactionId}
      onClose={onClose}
      onCreated={onCreated}
    />,
    signedIn ? { signedIn: player } : {},
  );
  return { ...page, api, onClose, onCreated };
}

const dialog = () => screen.getByRole('dialog');
const title = () => within(dialog()).getByRole('heading', { level: 2 }).textContent;
const button = (name: string | RegExp) => within(dialog()).getByRole('button', { name });
const idField = () => within(dialog()).getByPlaceholderText('User ID...');
const idError = () => fieldError(idField());

describe('PurchaseDialog', () => {
  beforeEach(() => {
    // The clock stands still at the fixtures' moment (an order's window is read against it); timers stay real.
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
  });

  it('previews a pack with its price and contents, then asks whom it is for, and goes back', async () => {
    const { user } = openDialog();
    expect(title()).toBe('Gói Kim Cương');
    expect(screen.getByTestId('preview-price').textContent).toBe('99,000đ');
    expect(screen.getByTestId('pack-contents').textContent).toBe('Gói gồm: 500 × Kim cương');
    await user.click(button('Mua ngay'));
    expect(title()).toBe('Chọn tài khoản nhận quà');
    // Signed out: buying for oneself starts with signing in.
    expect(button(/Dùng tài khoản đang đăng nhập/).textContent).toContain('Đăng nhập để nạp cho chính bạn');
    expect(button(/Nhập User ID/).textContent).toContain('Nạp cho một người chơi khác');
    await user.click(button('Quay lại'));
    expect(title()).toBe('Gói Kim Cương');
  });

  it('lets a selectable pack be bought only once an option is chosen, showing that option', async () => {
    const { user } = openDialog({}, { pack: selectablePack });
    expect(button('Mua ngay')).toHaveProperty('disabled', true);
    expect(within(dialog()).getByText('Chọn một gói để xem nội dung.')).toBeTruthy();
    await user.click(within(dialog()).getByRole('radio', { name: /Ba Bích lớn/ }));
    expect(screen.getByTestId('pack-contents').textContent).toBe('Gói gồm: 10 × Thẻ Bích');
    expect(button('Mua ngay')).toHaveProperty('disabled', false);
    await user.click(button('Mua ngay'));
    expect(title()).toBe('Chọn tài khoản nhận quà');
  });

  it("says each wrong User ID under the field, in the form's words, and sends nothing", async () => {
    const { user, api } = openDialog();
    await user.click(button('Mua ngay'));
    await user.click(button(/Nhập User ID/));
    expect(title()).toBe('Nhập User ID');
    await user.click(button('Thanh toán ngay'));
    await waitFor(() => expect(idError()).toBe('Vui lòng nhập User ID.'));
    await user.click(idField());
    await user.paste('12345678901');
    await user.click(button('Thanh toán ngay'));
    await waitFor(() => expect(idError()).toBe('Vui lòng nhập trong khoảng 0-10 kí tự.'));
    expect(api.callsTo('POST /transactions/bank')).toEqual([]);
  });

  it('buys for another User ID: the receiver is shown, the pasted "ID: " dropped, then the transfer panel', async () => {
    const { user, api, onCreated } = openDialog({
      'POST /transactions/bank': ok(purchaseResultSchema, { id: 'tx-7f3a9c', reopened: false }),
    });
    await user.click(button('Mua ngay'));
    await user.click(button(/Nhập User ID/));
    await user.click(idField());
    await user.paste('ID: 7654321');
    await user.tab();
    const receiver = await screen.findByTestId('receiver-preview');
    expect(receiver.textContent).toContain('Minh Khoa');
    await user.click(button('Thanh toán ngay'));
    await waitFor(() => expect(title()).toBe('Thanh toán chuyển khoản'));
    expect(api.callsTo('POST /transactions/bank').map((call) => call.body)).toEqual([
      { shortId: '7654321', productId: 101 },
    ]);
    expect(onCreated).toHaveBeenCalledWith('tx-7f3a9c');
    expect(await screen.findByRole('img', { name: 'Mã QR chuyển khoản VietQR' })).toBeTruthy();
    expect(screen.getByTestId('transfer-recipient').textContent).toBe('Minh Khoa');
  });

  // The limit's refusal names its sentence and the User ID (key, params), as the API answers it.
  const limited = storeMessages.productLimitedForGood('7654321');
  it.each([
    ['an unknown User ID', 404, storeCodes.userNotFound, 'User ID không tồn tại.', 'User ID không tồn tại.'],
    [
      'a receiver at the pack limit',
      409,
      storeCodes.productLimited,
      'User ID 7654321 đã đạt giới hạn mua gói này.',
      'User ID 7654321 đã đạt giới hạn mua gói này.',
      limited,
    ],
    [
      'a receiver with an order already waiting',
      409,
      storeCodes.openOrderExists,
      'Đơn khác đang chờ.',
      'User ID 7654321 đang có một đơn chờ thanh toán của gói này. Hãy hoàn tất đơn đó, hoặc đặt lại sau khi đơn hết hạn thanh toán.',
    ],
  ])(
    'refuses %s under the User ID field and stays on the step',
    async (_, status, code, message, shown, words?: Sentence) => {
      const { user, onCreated } = openDialog({
        'POST /transactions/bank': refused(status, { code, message, ...words }),
      });
      await user.click(button('Mua ngay'));
      await user.click(button(/Nhập User ID/));
      await user.type(idField(), '7654321');
      await user.click(button('Thanh toán ngay'));
      await waitFor(() => expect(idError()).toBe(shown));
      expect(title()).toBe('Nhập User ID');
      expect(onCreated).not.toHaveBeenCalled();
    },
  );

  it('buys for the signed-in account after confirming its name, User ID, pack and price', async () => {
    const { user, api } = openDialog(
      { 'POST /transactions/bank': ok(purchaseResultSchema, { id: 'tx-7f3a9c', reopened: false }) },
      { signedIn: true },
    );
    await user.click(button('Mua ngay'));
    const self = await waitFor(() => button(/Dùng tài khoản đang đăng nhập/));
    expect(self.textContent).toContain('Lan Anh · ID: 1234567');
    await user.click(self);
    expect(within(dialog()).getByText('Thông tin đơn hàng')).toBeTruthy();
    expect(screen.getByTestId('confirm-recipient').textContent).toBe('Lan Anh (#1234567)');
    const order = within(dialog()).getByText('Thông tin đơn hàng').closest('section')!;
    expect(within(order).getByText('Gói Kim Cương')).toBeTruthy();
    expect(within(order).getByText('99,000đ')).toBeTruthy();
    await user.click(button('Thanh toán ngay'));
    await waitFor(() => expect(title()).toBe('Thanh toán chuyển khoản'));
    expect(api.callsTo('POST /transactions/bank').map((call) => call.body)).toEqual([
      { shortId: '1234567', productId: 101 },
    ]);
  });

  it("confirms at the quote's price for the account, with its bonus, milestone, points and refusal", async () => {
    const [base] = quotesOf(plainPack);
    const offer: Quote = {
      ...base!,
      price: 89_000,
      bonuses: [
        { promotionId: 7, kind: 'bonus_window', title: 'Tuần lễ vàng', items: [{ itemId: 'diamond', quantity: 50 }] },
      ],
      milestones: [{ promotionId: 8, title: 'Đua top', threshold: 200_000, items: [{ itemId: 'gold', quantity: 9 }] }],
      limit: { kind: 'daily', count: 1, used: 1, left: 0 },
      refusal: 'limit_reached',
      points: 89,
    };
    const { user } = openDialog(
      { 'GET /store/quote?packId=101&receiver=1234567': ok(packQuotesSchema, { quotes: [offer] }) },
      { signedIn: true },
    );
    await user.click(button('Mua ngay'));
    await user.click(await waitFor(() => button(/Dùng tài khoản đang đăng nhập/)));
    const order = within(dialog()).getByText('Thông tin đơn hàng').closest('section')!;
    await waitFor(() => expect(within(order).getByText('89,000đ')).toBeTruthy());
    expect(within(order).queryByText('99,000đ')).toBeNull();
    const bonus = within(order).getByTestId('promotion-bonus').textContent;
    expect(bonus).toContain('Tặng thêm 50 × Kim cương · Tuần lễ vàng');
    expect(bonus).toContain('Đơn này đạt mốc nạp 200,000đ: 9 × Vàng · Đua top');
    const notes = within(order).getByTestId('quote-notes').textContent;
    expect(notes).toContain('Người nhận đã mua hết lượt của gói này trong kỳ.');
    expect(notes).toContain('Nhận 89 điểm tích lũy khi thanh toán');
  });

  it("says a VIP tier-only pack's refusal from the quote, with the tier's bonus, in Vietnamese", async () => {
    const [base] = quotesOf(plainPack);
    const offer: Quote = { ...base!, refusal: 'tier_only', tierBonus: [{ itemId: 'diamond', quantity: 9 }] };
    const { user } = openDialog(
      { 'GET /store/quote?packId=101&receiver=1234567': ok(packQuotesSchema, { quotes: [offer] }) },
      { signedIn: true },
    );
    await user.click(button('Mua ngay'));
    await user.click(await waitFor(() => button(/Dùng tài khoản đang đăng nhập/)));
    const order = within(dialog()).getByText('Thông tin đơn hàng').closest('section')!;
    await waitFor(() =>
      expect(within(order).getByTestId('quote-notes').textContent).toBe(
        'Gói này chỉ dành cho thành viên VIP có hạng cao hơn hạng hiện tại của người nhận. Xem các hạng ở trang Thành viên VIP.',
      ),
    );
    expect(within(order).getByTestId('promotion-bonus').textContent).toContain(
      'Ưu đãi hạng VIP: tặng thêm 9 × Kim cương',
    );
  });

  it('says a refusal on the confirmation, where there is no field', async () => {
    const { user } = openDialog(
      {
        'POST /transactions/bank': refused(409, {
          code: storeCodes.productLimited,
          message: 'User ID 1234567 đã đạt giới hạn mua gói này.',
          ...storeMessages.productLimitedForGood('1234567'),
        }),
      },
      { signedIn: true },
    );
    await user.click(button('Mua ngay'));
    await user.click(await waitFor(() => button(/Dùng tài khoản đang đăng nhập/)));
    await user.click(button('Thanh toán ngay'));
    expect((await within(dialog()).findByRole('alert')).textContent).toBe(
      'User ID 1234567 đã đạt giới hạn mua gói này.',
    );
    expect(within(dialog()).getByText('Thông tin đơn hàng')).toBeTruthy();
  });

  it('leads a buyer whose phone is not verified to the page that verifies it', async () => {
    const message = 'Vui lòng xác minh số điện thoại trước khi mua gói.';
    const { user } = openDialog(
      {
        'POST /transactions/bank': refused(403, { code: phoneCodes.required, message, key: 'api.phone.required_buy' }),
      },
      { signedIn: true },
    );
    await user.click(button('Mua ngay'));
    await user.click(await waitFor(() => button(/Dùng tài khoản đang đăng nhập/)));
    await user.click(button('Thanh toán ngay'));
    expect((await within(dialog()).findByRole('alert')).textContent).toBe(message);
    const link = within(dialog()).getByTestId('phone-verify-link');
    expect(link.getAttribute('href')).toBe('/account/phone');
    expect(link.textContent).toContain('Xác minh số điện thoại');
  });

  it('signs a visitor in from "buy for myself" and goes on to the confirmation with their account', async () => {
    const { user } = openDialog({
      'POST /auth/carabala': ok(loginResultSchema, { accessToken: 'token-of-test', user: player }),
      'GET /me': ok(meSchema, player),
    });
    await user.click(button('Mua ngay'));
    await user.click(button(/Dùng tài khoản đang đăng nhập/));
    const signIn = await screen.findByRole('dialog', { name: 'LOGIN' });
    await user.type(within(signIn).getByPlaceholderText('Tên tài khoản'), 'lananh');
    await user.type(within(signIn).getByPlaceholderText('Mật khẩu'), 'secret-pass');
    await user.click(within(signIn).getByRole('button', { name: 'Đăng nhập' }));
    await waitFor(() => expect(screen.getByTestId('confirm-recipient').textContent).toBe('Lan Anh (#1234567)'));
  });

  it('opens on ENTER_ID with the User ID of the URL', async () => {
    openDialog({}, { initialShortId: '7654321' });
    expect(title()).toBe('Nhập User ID');
    expect(idField()).toHaveProperty('value', '7654321');
  });

  it('shows the history of the order the URL names, under its banner', async () => {
    openDialog({}, { transactionId: 'tx-7f3a9c' });
    await waitFor(() => expect(title()).toBe('Thanh toán chuyển khoản'));
    expect(await screen.findByTestId('history-banner')).toBeTruthy();
    expect(screen.getByTestId('transfer-pack').textContent).toBe('Gói Kim Cương');
    // Coming back is a check: what was received is said at once, beside the QR.
    expect(screen.getByTestId('payment-unpaid').textContent).toContain(
      'Chúng tôi chưa nhận được tiền cho đơn hàng này.',
    );
  });

  it('says the order of the URL was not found, and still offers the pack', async () => {
    openDialog(
      {
        'GET /transactions/bank/tx-unknown': refused(404, { code: 'api.error', message: 'Không tìm thấy giao dịch.' }),
      },
      { transactionId: 'tx-unknown' },
    );
    expect((await within(dialog()).findByRole('alert')).textContent).toBe(
      'Không tìm thấy đơn hàng của đường dẫn này: đường dẫn sai hoặc thiếu. Hãy kiểm tra lại đường dẫn, hoặc xem đơn trong Lịch sử mua hàng. Bạn vẫn có thể mua gói này bên dưới.',
    );
    expect(title()).toBe('Gói Kim Cương');
    expect(button('Mua ngay')).toHaveProperty('disabled', false);
  });

  it('asks before closing an order that still waits for money', async () => {
    const { user, onClose } = openDialog({
      'POST /transactions/bank': ok(purchaseResultSchema, { id: 'tx-7f3a9c', reopened: false }),
    });
    await user.click(button('Mua ngay'));
    await user.click(button(/Nhập User ID/));
    await user.type(idField(), '7654321');
    await user.click(button('Thanh toán ngay'));
    await screen.findByRole('img', { name: 'Mã QR chuyển khoản VietQR' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(title()).toBe('Đóng bảng thanh toán?'));
    expect(onClose).not.toHaveBeenCalled();
    await user.click(button('Tiếp tục thanh toán'));
    expect(title()).toBe('Thanh toán chuyển khoản');
    await user.keyboard('{Escape}');
    await user.click(await waitFor(() => button('Vẫn đóng')));
    expect(onClose).toHaveBeenCalledOnce();
  });
});
