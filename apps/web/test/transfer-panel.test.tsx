// @vitest-environment happy-dom
import { bankTransactionSchema, itemNamesSchema, meSchema, packQuotesSchema } from '@carabala/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import { useQuery } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { TransferPanel } from '@/features/store/transfer-panel';
import { standingKey } from '@/lib/standing-keys';
import { ok, refused, standIn, type Answer } from './support/api-stand-in';
import { bankTransaction, NOW } from './support/fixtures';
import { player, renderPage } from './support/render';

/** The transfer panel of the description's point 4, one branch per order state, its words from messages/vi. */

const ORDER = 'GET /transactions/bank/tx-7f3a9c';
const ambient = {
  'GET /items/names': ok(itemNamesSchema, { names: {} }),
  'GET /store/quote?packId=101&receiver=7654321': ok(packQuotesSchema, { quotes: [] }),
};
const answer = (changes: Parameters<typeof bankTransaction>[0] = {}) =>
  ok(bankTransactionSchema, bankTransaction(changes));

function showPanel(order: Answer) {
  const api = standIn({ ...ambient, [ORDER]: order });
  const onBuyMore = vi.fn();
  const page = renderPage(<TransferPanel id="tx-7f3a9c" onBuyMore={onBuyMore} />);
  return { ...page, api, onBuyMore };
}

const paid = { status: 'done', accumulatedAmount: 99_000, paidAt: new Date(NOW).toISOString() } as const;

describe('TransferPanel', () => {
  beforeEach(() => {
    // The clock stands still (the countdown reads it); timers stay real.
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
  });

  it('waits for money with the QR, the amount, the transfer note and the time left, and no result yet', async () => {
    showPanel(answer());
    expect(await screen.findByRole('img', { name: 'Mã QR chuyển khoản VietQR' })).toHaveProperty(
      'src',
      expect.stringMatching(/^data:image\/png;base64,/),
    );
    expect(screen.getByRole('timer').textContent).toBe('29:05');
    expect(screen.getByText('Thời gian thanh toán còn lại')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sao chép Số tiền' }).textContent).toBe('99,000đ');
    expect(screen.getByRole('button', { name: 'Sao chép Số tài khoản' }).textContent).toBe('1023456789');
    expect(screen.getByRole('button', { name: 'Sao chép Nội dung chuyển khoản (bắt buộc)' }).textContent).toBe(
      'CRB7K2Q9X',
    );
    expect(screen.getByTestId('transfer-recipient').textContent).toBe('Minh Khoa');
    // Nothing is said about the money before the player asks: waiting is not an error.
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.queryByText('Giao dịch thành công!')).toBeNull();
    expect(screen.getByRole('button', { name: 'Kiểm tra kết quả giao dịch' })).toBeTruthy();
  });

  it('checks on demand: disabled while the API answers, then "nothing received yet" with the fan page', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const { user, api } = showPanel(answer());
    const check = await screen.findByRole('button', { name: 'Kiểm tra kết quả giao dịch' });
    api.answer(ORDER, async () => (await held, answer()));
    await user.click(check);
    await waitFor(() => expect(check).toHaveProperty('disabled', true));
    await act(async () => release());
    await waitFor(() => expect(check).toHaveProperty('disabled', false));
    const status = screen.getByTestId('payment-unpaid');
    expect(status.textContent).toContain(
      'Chúng tôi chưa nhận được tiền cho đơn hàng này. Vui lòng hoàn tất chuyển khoản trước khi kiểm tra.',
    );
    expect(within(status).getByRole('link', { name: 'fanpage' })).toHaveProperty('target', '_blank');
    // Still waiting: the QR stays.
    expect(await screen.findByRole('img', { name: 'Mã QR chuyển khoản VietQR' })).toBeTruthy();
  });

  it('says what came in and what is missing, and asks only for the rest', async () => {
    showPanel(answer({ accumulatedAmount: 30_000 }));
    expect((await screen.findByTestId('payment-partial')).textContent).toBe(
      'Đã nhận 30,000đ. Bạn cần chuyển thêm 69,000đ với cùng nội dung để hoàn tất đơn hàng.',
    );
    expect(screen.getByRole('button', { name: 'Sao chép Số tiền' }).textContent).toBe('69,000đ');
  });

  it('turns into the success panel when a check finds the order paid, without the QR or the check button', async () => {
    const { user, api, onBuyMore } = showPanel(answer());
    const check = await screen.findByRole('button', { name: 'Kiểm tra kết quả giao dịch' });
    // The money comes in.
    api.answer(ORDER, answer({ ...paid, delivery: 'pending' }));
    await user.click(check);
    const success = await screen.findByTestId('payment-success');
    expect(within(success).getByRole('heading').textContent).toBe('Giao dịch thành công!');
    // A guest's order names whose mailbox it went to.
    expect(within(success).getByTestId('payment-success-text').textContent).toBe(
      'Gói vật phẩm đã được gửi vào hộp thư trong game của Minh Khoa.',
    );
    expect(within(success).getByTestId('transaction-code').textContent).toBe('CRB7K2Q9X');
    expect(within(success).getByText('Đang gửi quà vào hộp thư…')).toBeTruthy();
    expect(screen.queryByRole('img', { name: 'Mã QR chuyển khoản VietQR' })).toBeNull();
    expect(screen.queryByRole('timer')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Kiểm tra kết quả giao dịch' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Mua tiếp' }));
    expect(onBuyMore).toHaveBeenCalledOnce();
    // Paid is not the end: the panel keeps listening (polling here) until the game has the mail.
    api.answer(ORDER, answer({ ...paid, delivery: 'delivered' }));
    expect(await within(success).findByText('Đã gửi vào hộp thư', undefined, { timeout: 6000 })).toBeTruthy();
  });

  it('tells the signed-in receiver the pack is in their own mailbox, delivered', async () => {
    standIn({
      ...ambient,
      'GET /me': ok(meSchema, { ...player, shortId: '7654321' }),
      [ORDER]: answer({ ...paid, delivery: 'delivered' }),
    });
    renderPage(<TransferPanel id="tx-7f3a9c" onBuyMore={() => undefined} />, {
      signedIn: { ...player, shortId: '7654321' },
    });
    const success = await screen.findByTestId('payment-success');
    await waitFor(() =>
      expect(within(success).getByTestId('payment-success-text').textContent).toBe(
        'Gói vật phẩm đã được gửi vào hộp thư trong game của bạn.',
      ),
    );
    expect(within(success).getByText('Đã gửi vào hộp thư')).toBeTruthy();
    expect(within(success).queryByText('Đang gửi quà vào hộp thư…')).toBeNull();
    // Signed in: the receipt and the history are a click away.
    expect(screen.getByRole('link', { name: 'Xem biên nhận' })).toHaveProperty(
      'href',
      expect.stringMatching(/\/store\/history\/CRB7K2Q9X$/),
    );
  });

  it('says a mail that could not be delivered is with support', async () => {
    showPanel(answer({ ...paid, delivery: 'dead' }));
    const success = await screen.findByTestId('payment-success');
    expect(within(success).getByText('Chưa gửi được, bộ phận hỗ trợ đang xử lý')).toBeTruthy();
    expect(within(success).queryByText('Đã gửi vào hộp thư')).toBeNull();
  });

  it('warns of a surplus over the price, and by when staff send it back', async () => {
    showPanel(
      answer({
        ...paid,
        accumulatedAmount: 120_000,
        delivery: 'delivered',
        held: {
          reason: 'overpaid',
          amount: 21_000,
          since: new Date(NOW).toISOString(),
          refundBy: '2026-11-29T03:00:00.000Z',
          handled: false,
          refunds: [],
        },
      }),
    );
    const surplus = await screen.findByTestId('payment-overpaid');
    expect(within(surplus).getByText('Bạn đã chuyển dư 21,000đ')).toBeTruthy();
    expect(within(surplus).getByTestId('held-why').textContent).toBe(
      'Bạn đã chuyển 120,000đ, nhiều hơn giá gói 99,000đ. Gói vẫn được giao; phần dư không dùng cho đơn nào.',
    );
    expect(within(surplus).getByTestId('held-next').textContent).toMatch(
      /^Nhân viên sẽ hoàn 21,000đ về tài khoản đã chuyển, chậm nhất .*29\/11.* \(giờ Việt Nam\)\. Bạn không cần làm gì thêm\.$/,
    );
    // Still a success: the pack was paid.
    expect(screen.getByText('Giao dịch thành công!')).toBeTruthy();
  });

  it('holds money for a pack the receiver already had this period, without saying success', async () => {
    showPanel(
      answer({
        status: 'held',
        accumulatedAmount: 99_000,
        held: {
          reason: 'limit_reached',
          amount: 99_000,
          since: new Date(NOW).toISOString(),
          refundBy: '2026-11-29T03:00:00.000Z',
          handled: false,
          refunds: [],
        },
      }),
    );
    const held = await screen.findByTestId('payment-held');
    expect(within(held).getByRole('heading').textContent).toBe('Tạm giữ: đã đạt giới hạn');
    expect(within(held).getByTestId('held-why').textContent).toBe(
      'Tài khoản nhận đã mua gói giới hạn này trong kỳ, nên gói không được giao thêm lần nữa.',
    );
    expect(within(held).getByText('Khoản 99,000đ không được tính cho đơn này')).toBeTruthy();
    expect(screen.queryByText('Giao dịch thành công!')).toBeNull();
    expect(screen.queryByRole('img', { name: 'Mã QR chuyển khoản VietQR' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Mua tiếp' })).toBeNull();
  });

  it('says a cancelled order takes no more money', async () => {
    showPanel(answer({ status: 'cancelled' }));
    const cancelled = await screen.findByTestId('payment-cancelled');
    expect(within(cancelled).getByRole('heading').textContent).toBe('Đơn đã bị hủy');
    expect(within(cancelled).getByText(/Đừng chuyển tiền cho đơn này\.$/)).toBeTruthy();
    expect(screen.queryByRole('img', { name: 'Mã QR chuyển khoản VietQR' })).toBeNull();
  });

  it('hides the QR and the account once the window closes, keeping what was received', async () => {
    showPanel(answer({ accumulatedAmount: 30_000 }));
    expect((await screen.findByRole('timer')).textContent).toBe('29:05');
    // The window ends while the panel is open: at the next tick of the countdown.
    act(() => vi.setSystemTime(NOW + 30 * 60_000));
    const expired = await screen.findByTestId('payment-expired');
    expect(within(expired).getByRole('heading').textContent).toBe('Đơn hàng đã hết hạn thanh toán');
    expect(within(expired).getByText(/^Chúng tôi đã nhận 30,000đ cho đơn CRB7K2Q9X trước khi hết hạn/)).toBeTruthy();
    expect(within(expired).getByRole('link', { name: 'Đặt lại đơn mới' })).toHaveProperty(
      'href',
      expect.stringMatching(/\/store\?tab=tieu-bieu&productId=101$/),
    );
    expect(screen.queryByRole('img', { name: 'Mã QR chuyển khoản VietQR' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Sao chép Số tài khoản' })).toBeNull();
    expect(screen.queryByRole('timer')).toBeNull();
  });

  it('says an order the API does not know was not found', async () => {
    showPanel(refused(404, { code: 'api.error', message: 'Không tìm thấy giao dịch.' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Không tìm thấy giao dịch.');
  });

  it('says a check that failed, and keeps the order on screen', async () => {
    const { user, api } = showPanel(answer());
    const check = await screen.findByRole('button', { name: 'Kiểm tra kết quả giao dịch' });
    api.answer(ORDER, refused(503, { code: 'api.unavailable', message: 'Hệ thống đang bận, vui lòng thử lại sau.' }));
    await user.click(check);
    expect(await screen.findByText('Không kiểm tra được giao dịch, vui lòng thử lại.')).toBeTruthy();
    expect(await screen.findByRole('img', { name: 'Mã QR chuyển khoản VietQR' })).toBeTruthy();
  });

  it("has the player's standing read again once the order is paid (the event's progress, with no reload)", async () => {
    let reads = 0;
    function StandingProbe() {
      const { data } = useQuery({ queryKey: [...standingKey, 'probe'], queryFn: async () => (reads += 1) });
      return <output data-testid="standing-reads">{data}</output>;
    }
    const api = standIn({ ...ambient, [ORDER]: answer() });
    const { user } = renderPage(
      <>
        <TransferPanel id="tx-7f3a9c" onBuyMore={vi.fn()} />
        <StandingProbe />
      </>,
    );
    const check = await screen.findByRole('button', { name: 'Kiểm tra kết quả giao dịch' });
    await waitFor(() => expect(screen.getByTestId('standing-reads').textContent).toBe('1'));
    await user.click(check);
    expect(screen.getByTestId('standing-reads').textContent).toBe('1');
    api.answer(ORDER, answer({ ...paid, delivery: 'delivered' }));
    await user.click(check);
    await screen.findByTestId('payment-success');
    await waitFor(() => expect(screen.getByTestId('standing-reads').textContent).toBe('2'));
  });
});
