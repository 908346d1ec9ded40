import { describe, expect, it } from 'vitest';
import { memoDistance } from '../src/modules/orders';
import { bearer, signIn, useTestApp } from './helpers';
import { order, postWebhook, sepayEvent, transaction } from './store-helpers';

const ctx = useTestApp();

interface Suggestion {
  id: string;
  code: string;
  reason: string;
  amountDue: number;
  receiver: { shortId: string; displayName: string };
}

async function get(url: string, token?: string) {
  return ctx.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
}

/** SePay's `transactionDate`: Vietnam local time, `minutesFromNow` from now. */
function vietnamTime(minutesFromNow = 0): string {
  const at = new Date(Date.now() + minutesFromNow * 60_000 + 7 * 3_600_000);
  return at.toISOString().slice(0, 19).replace('T', ' ');
}

/** The same code with its last character changed: what a player who mistyped one character sent. */
const oneOff = (code: string) => code.slice(0, -1) + (code.endsWith('X') ? '5' : 'X');

/** Records a transfer that matches no order and returns its bank event id. */
async function unmatched(admin: string, amount: number, content: string, minutesFromNow = 0) {
  const body = sepayEvent('XXXXXXXXXXX', amount, { content, transactionDate: vietnamTime(minutesFromNow) });
  expect((await postWebhook(ctx.app, body)).statusCode).toBe(200);
  const review = await ctx.app.inject({
    method: 'POST',
    url: '/api/internal/bank-events/find-many',
    headers: bearer(admin),
    payload: { pageSize: 100 },
  });
  const event = review.json().data.items.find((item: { content: string }) => item.content === content);
  expect(event).toMatchObject({ match: 'unmatched', orderId: null, orderCode: null });
  return event.id as string;
}

async function suggestions(admin: string, eventId: string): Promise<Suggestion[]> {
  const answer = await get(`/api/internal/bank-events/${eventId}/attach-candidates`, admin);
  expect(answer.statusCode).toBe(200);
  return answer.json().data.suggestions;
}

describe('memoDistance: how far an order code is from a bank memo', () => {
  it('counts changed, dropped and added characters against the closest stretch, as banks rewrite memos', () => {
    expect(memoDistance('CRB9V3YPRC5', ['MBVCB.123.CRB9V3YPRC5.CT tu NGUYEN VAN A'])).toBe(0);
    expect(memoDistance('CRB9V3YPRC5', ['CK crb9v3 yprcx mua goi'])).toBe(1);
    expect(memoDistance('CRB9V3YPRC5', ['CRB9V3YPRC'])).toBe(1);
    expect(memoDistance('CRB9V3YPRC5', [null, 'CRB9V3-YPR-CX5'])).toBe(1);
    expect(memoDistance('CRB9V3YPRC5', ['CRB9V3YQQC5'])).toBe(2);
    expect(memoDistance('CRB9V3YPRC5', ['CRBZZZZZZZZ chuyen tien'])).toBeGreaterThan(2);
    expect(memoDistance('CRB9V3YPRC5', [])).toBe(11);
  });
});

describe('attach with a preview: suggestions and the order a code names', () => {
  it('suggests an open order whose code is one character off the transfer content, and previews it', async () => {
    const admin = await signIn(ctx.app, 'admin1', 'admin123');
    const player = await signIn(ctx.app, 'player1', 'player123');
    const meant = await order(ctx.app, '8801234', 601);
    const eventId = await unmatched(admin, 20_000, `MBVCB.8812.${oneOff(meant.code)}.CT tu 0011 NGUYEN MINH ANH`);

    expect((await get(`/api/internal/bank-events/${eventId}/attach-candidates`)).statusCode).toBe(401);
    expect((await get(`/api/internal/bank-events/${eventId}/attach-candidates`, player)).statusCode).toBe(403);
    const found = await suggestions(admin, eventId);
    expect(found[0]).toMatchObject({
      id: meant.id,
      code: meant.code,
      reason: 'similar_code',
      productTitle: '120 Kim Cương',
      amountDue: 49_000,
      status: 'initial',
      receiver: { shortId: '8801234', displayName: 'Nguyễn Minh Anh' },
      refusal: null,
    });

    const preview = await get(
      `/api/internal/bank-events/${eventId}/attach-preview?code=${meant.code.toLowerCase()}`,
      admin,
    );
    expect(preview.statusCode).toBe(200);
    expect(preview.json().data).toMatchObject({ id: meant.id, code: meant.code, amountDue: 49_000, refusal: null });

    // Attached by its code, the 20,000đ stands on the order, which now owes 29,000đ.
    const attached = await ctx.app.inject({
      method: 'POST',
      url: `/api/internal/bank-events/${eventId}/attach`,
      headers: bearer(admin),
      payload: { code: meant.code, note: 'Khách gõ nhầm một kí tự' },
    });
    expect(attached.json().data).toMatchObject({ orderId: meant.id, orderCode: meant.code, match: 'credited' });
    const again = await get(`/api/internal/bank-events/${eventId}/attach-preview?code=${meant.code}`, admin);
    expect(again.json().data).toMatchObject({ accumulatedAmount: 20_000, amountDue: 29_000 });
  });

  it('suggests unpaid orders for the same amount placed within the hour before the transfer, never a paid one', async () => {
    const admin = await signIn(ctx.app, 'admin1', 'admin123');
    const open = await order(ctx.app, '8805678', 601);
    const paid = await order(ctx.app, '8805678', 601);
    await postWebhook(ctx.app, sepayEvent(paid.code, paid.totalPrice));
    expect(await transaction(ctx.app, paid.id)).toMatchObject({ status: 'done' });

    const now = await unmatched(admin, 49_000, `nap game ${oneOff(paid.code)} ${Date.now()}`);
    const found = await suggestions(admin, now);
    expect(found.find((s) => s.id === open.id)).toMatchObject({ reason: 'same_amount', amountDue: 49_000 });
    // The paid order's code is one character off the content, and it was for this amount: still not suggested.
    expect(found.map((s) => s.id)).not.toContain(paid.id);

    // Two hours later, the same open order is no longer "within the hour before".
    const later = await unmatched(admin, 49_000, `chuyen tien muon ${Date.now()}`, 120);
    expect((await suggestions(admin, later)).map((s) => s.id)).not.toContain(open.id);

    // Typed by hand, the paid order is shown with why it cannot take the money.
    const preview = await get(`/api/internal/bank-events/${now}/attach-preview?code=${paid.code}`, admin);
    expect(preview.json().data).toMatchObject({
      status: 'done',
      amountDue: 0,
      refusal: expect.stringContaining('đã thanh toán'),
    });
  });

  it('refuses an unknown code with a message under the field, and a malformed one', async () => {
    const admin = await signIn(ctx.app, 'admin1', 'admin123');
    const eventId = await unmatched(admin, 15_000, `khong ro ${Date.now()}`);
    const unknown = await get(`/api/internal/bank-events/${eventId}/attach-preview?code=crbzzzzzzzz`, admin);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().errors.code).toEqual([
      'Không tìm thấy đơn có mã CRBZZZZZZZZ. Kiểm tra lại mã hoặc chọn một đơn được gợi ý.',
    ]);
    const empty = await get(`/api/internal/bank-events/${eventId}/attach-preview?code=`, admin);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors.code).toEqual(['Vui lòng nhập mã giao dịch.']);
    const noEvent = await get('/api/internal/bank-events/not-an-id/attach-candidates', admin);
    expect(noEvent.statusCode).toBe(404);
  });
});
