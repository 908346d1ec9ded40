import { describe, expect, it } from 'vitest';
import { bearer, signIn, useTestApp } from './helpers';
import { order, postWebhook, sepayEvent, transaction } from './store-helpers';

const ctx = useTestApp();

async function call(method: 'GET' | 'POST', url: string, token?: string, payload?: object) {
  return ctx.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });
}

/** Records a payment whose memo names no order and returns its bank event id. */
async function unmatchedPayment(admin: string, amount: number, memo: string) {
  await postWebhook(ctx.app, sepayEvent('XXXXXXXXXXX', amount, { content: memo }));
  const review = await call('POST', '/api/internal/bank-events/find-many', admin, { pageSize: 100 });
  const event = review.json().data.items.find((item: { content: string }) => item.content === memo);
  expect(event).toMatchObject({ match: 'unmatched', orderId: null, amount });
  return event.id as string;
}

describe('staff transactions: search, sort and CSV export', () => {
  it('finds an order by its code, its transaction id or its User ID, and sorts by price', async () => {
    const admin = await signIn(ctx.app, 'admin1', 'admin123');
    const cheap = await order(ctx.app, '8809012', 601);
    const dear = await order(ctx.app, '8809012', 4647);
    for (const q of [cheap.code.toLowerCase(), cheap.id.toUpperCase()]) {
      const found = await call('POST', '/api/internal/transactions/find-many', admin, { q });
      expect(found.json().data.items.map((item: { id: string }) => item.id)).toEqual([cheap.id]);
    }
    const byUser = await call('POST', '/api/internal/transactions/find-many', admin, {
      q: 'ID: 8809012',
      sort: 'price_asc',
    });
    const ids = byUser.json().data.items.map((item: { id: string }) => item.id);
    expect(ids.indexOf(cheap.id)).toBeLessThan(ids.indexOf(dear.id));
    const descending = await call('POST', '/api/internal/transactions/find-many', admin, {
      q: '8809012',
      sort: 'price_desc',
    });
    expect(descending.json().data.items[0].totalPrice).toBeGreaterThanOrEqual(299_000);
    const badSort = await call('POST', '/api/internal/transactions/find-many', admin, { sort: 'random' });
    expect(badSort.statusCode).toBe(400);
  });

  it('exports the filtered list as CSV for staff only, with quoted cells and no formulas', async () => {
    const admin = await signIn(ctx.app, 'admin1', 'admin123');
    const player = await signIn(ctx.app, 'player1', 'player123');
    const { id, code } = await order(ctx.app, '8805678', 601);
    await call('POST', `/api/internal/transactions/${id}/mark`, admin, { note: '=HYPERLINK("x"), "đã nhận"' });

    expect((await call('GET', '/api/internal/transactions/export.csv')).statusCode).toBe(401);
    expect((await call('GET', '/api/internal/transactions/export.csv', player)).statusCode).toBe(403);

    const csv = await call('GET', `/api/internal/transactions/export.csv?q=${code}&status=done`, admin);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="giao-dich-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(csv.body.startsWith('\uFEFF')).toBe(true);
    const lines = csv.body.slice(1).trim().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^Mã giao dịch,Nội dung chuyển khoản,Trạng thái,Loại,/);
    expect(lines[0]).toContain('Thanh toán bởi,Giao thư,');
    expect(lines[1]).toContain(`${id},${code},Đã thanh toán,Chuyển khoản,601,120 Kim Cương,49000,0,0,8805678`);
    // The console's words, not the stored values: paid by a staff mark, its mail waiting or sent.
    expect(lines[1]).toMatch(/,nhân viên đánh dấu,(Đang gửi|Đã giao),/);
    expect(lines[1]).not.toMatch(/,(staff|pending|delivered|done|bank),/);
    expect(lines[1]).toContain(`"'=HYPERLINK(""x""), ""đã nhận"""`);

    const none = await call('GET', `/api/internal/transactions/export.csv?q=${code}&status=initial`, admin);
    expect(
      none.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n'),
    ).toHaveLength(1);
    const badDate = await call('GET', '/api/internal/transactions/export.csv?from=hier', admin);
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json().code).toBe('api.validation');
  });
});

describe('POST /api/internal/bank-events/:id/attach', () => {
  it('credits an unmatched payment to the order, pays it, writes its mail once and audits it', async () => {
    const admin = await signIn(ctx.app, 'admin1', 'admin123');
    const player = await signIn(ctx.app, 'player1', 'player123');
    const { id, code } = await order(ctx.app, '8801234', 601);
    const eventId = await unmatchedPayment(admin, 49_000, `chuyen khoan quen ma ${id.slice(0, 8)}`);

    expect(
      (await call('POST', `/api/internal/bank-events/${eventId}/attach`, undefined, { code, note: 'x' })).statusCode,
    ).toBe(401);
    expect(
      (await call('POST', `/api/internal/bank-events/${eventId}/attach`, player, { code, note: 'x' })).statusCode,
    ).toBe(403);
    const empty = await call('POST', `/api/internal/bank-events/${eventId}/attach`, admin, { code: '', note: '' });
    expect(empty.json()).toMatchObject({
      code: 'api.validation',
      errors: { code: ['Vui lòng nhập mã giao dịch.'], note: ['Vui lòng nhập ghi chú.'] },
    });
    const unknown = await call('POST', `/api/internal/bank-events/${eventId}/attach`, admin, {
      code: 'CRBZZZZZZZZ',
      note: 'khách gọi điện',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().errors.code).toEqual([
      'Không tìm thấy đơn có mã CRBZZZZZZZZ. Kiểm tra lại mã hoặc chọn một đơn được gợi ý.',
    ]);

    const attached = await call('POST', `/api/internal/bank-events/${eventId}/attach`, admin, {
      code: code.toLowerCase(),
      note: 'Khách gửi ảnh chụp chuyển khoản',
    });
    expect(attached.statusCode).toBe(200);
    expect(attached.json().data).toMatchObject({
      orderId: id,
      match: 'credited',
      reviewNote: 'Khách gửi ảnh chụp chuyển khoản',
    });
    expect(await transaction(ctx.app, id)).toMatchObject({ status: 'done', accumulatedAmount: 49_000 });
    const detail = (await call('GET', `/api/internal/transactions/${id}`, admin)).json().data;
    expect(detail.paidBy).toBe('bank');
    expect(detail.bankEvents.map((event: { id: string }) => event.id)).toEqual([eventId]);
    expect(detail.mail).toMatchObject({ items: [{ itemId: 'diamond', quantity: 120 }] });

    const again = await call('POST', `/api/internal/bank-events/${eventId}/attach`, admin, { code, note: 'lần hai' });
    expect(again.statusCode).toBe(409);
    const review = await call('POST', '/api/internal/bank-events/find-many', admin, { pageSize: 100 });
    expect(review.json().data.items.map((event: { id: string }) => event.id)).not.toContain(eventId);

    const audit = await call('POST', '/api/internal/audit/find-many', admin, { action: 'bank_event.attach' });
    expect(audit.json().data.items[0]).toMatchObject({
      action: 'bank_event.attach',
      targetId: eventId,
      detail: { orderId: id, code, amount: 49_000, paid: true },
    });
  });

  it('keeps a part payment open, and refuses an order that is already paid', async () => {
    const admin = await signIn(ctx.app, 'admin1', 'admin123');
    const { id, code } = await order(ctx.app, '8805678', 601);
    const part = await unmatchedPayment(admin, 20_000, `tra truoc mot phan ${id.slice(0, 8)}`);
    const attached = await call('POST', `/api/internal/bank-events/${part}/attach`, admin, {
      code: id,
      note: 'trả trước',
    });
    expect(attached.json().data.match).toBe('credited');
    expect(await transaction(ctx.app, id)).toMatchObject({
      status: 'initial',
      accumulatedAmount: 20_000,
      delivery: null,
    });

    await postWebhook(ctx.app, sepayEvent(code, 29_000));
    expect(await transaction(ctx.app, id)).toMatchObject({ status: 'done', accumulatedAmount: 49_000 });
    const late = await unmatchedPayment(admin, 49_000, `chuyen lan hai ${id.slice(0, 8)}`);
    const refused = await call('POST', `/api/internal/bank-events/${late}/attach`, admin, { code, note: 'nhầm' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('api.transaction.already_done');
    expect((await transaction(ctx.app, id)).accumulatedAmount).toBe(49_000);
  });
});

describe("an order's buyer and receiver", () => {
  it('names both for a gift, the receiver alone for their own pack, and nobody for a guest', async () => {
    const admin = await signIn(ctx.app, 'admin1', 'admin123');
    const player1 = await signIn(ctx.app, 'player1', 'player123');
    const place = async (shortId: string, token?: string) => {
      const created = await call('POST', '/api/transactions/bank', token, { shortId, productId: 601 });
      expect(created.statusCode, created.body).toBe(200);
      const id = created.json().data.id as string;
      return (await call('GET', `/api/internal/transactions/${id}`, admin)).json().data;
    };
    const gift = await place('8805678', player1);
    expect(gift.receiver).toMatchObject({ shortId: '8805678', displayName: 'Trần Bảo Ngọc' });
    expect(gift.buyer).toMatchObject({ shortId: '8801234', displayName: 'Nguyễn Minh Anh' });
    const own = await place('8801234', player1);
    expect(own.buyer.id).toBe(own.receiver.id);
    expect((await place('8805678')).buyer).toBeNull();
  });
});
