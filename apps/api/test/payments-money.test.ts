import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bearer, queryRows, signIn, useTestApp } from './helpers';
import { order, postWebhook, sepayEvent, transaction, webhookHeaders } from './store-helpers';

const ctx = useTestApp();

const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(ctx, query);

const eventsWithId = (providerId: string) =>
  rows<{ amount: string; match: string; reference_code: string; transfer_type: string; account_number: string }>(
    sql`select * from bank_events where provider = 'sepay' and provider_id = ${providerId}`,
  );

async function admin() {
  return bearer(await signIn(ctx.app, 'admin1', 'admin123'));
}

describe('the webhook parses strictly and stores every authenticated event', () => {
  it('answers 401 for a wrong key and stores nothing', async () => {
    const event = sepayEvent('CRBAAAAAAAA', 1000);
    const response = await postWebhook(ctx.app, event, { authorization: 'Apikey wrong-key-wrong-key' });
    expect(response.statusCode).toBe(401);
    expect(await eventsWithId(String(event.id))).toHaveLength(0);
  });

  it.each([[[1000]], [true], ['0x3e8'], ['1e3'], [-5], [1000.5], ['12a'], [' 1000']])(
    'refuses the amount %j with a 4xx and writes nothing',
    async (amount) => {
      const { id, code } = await order(ctx.app, '8801234', 601);
      const event = sepayEvent(code, 0, { transferAmount: amount });
      const response = await postWebhook(ctx.app, event);
      expect(response.statusCode).toBe(400);
      expect(await eventsWithId(String(event.id))).toHaveLength(0);
      expect(await transaction(ctx.app, id)).toMatchObject({ accumulatedAmount: 0 });
    },
  );

  it('takes a digit string amount, and credits the same event with a zero-padded id once', async () => {
    const { id, code } = await order(ctx.app, '8801234', 601);
    const event = sepayEvent(code, 0, { transferAmount: '20000' });
    expect((await postWebhook(ctx.app, event)).json()).toEqual({ success: true });
    const padded = { ...event, id: `00${event.id}` };
    expect((await postWebhook(ctx.app, padded)).json()).toEqual({ success: true });
    expect(await transaction(ctx.app, id)).toMatchObject({ accumulatedAmount: 20_000 });
    expect(await eventsWithId(String(event.id))).toHaveLength(1);
  });

  it('stores oversized fields cut to their columns, NUL bytes and amounts of 2^31 or more, never a 5xx', async () => {
    const { id, code } = await order(ctx.app, '8801234', 601);
    const event = sepayEvent(code, 2 ** 31 + 7, {
      referenceCode: `FT${'9'.repeat(150)}`,
      transferType: 'in',
      content: `MBVCB.1.${code}.CT tu\u0000 NGUYEN`,
      description: 'x\u0000y',
    });
    const response = await postWebhook(ctx.app, event);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });
    const [stored] = await eventsWithId(String(event.id));
    expect(Number(stored!.amount)).toBe(2 ** 31 + 7);
    expect(stored!.reference_code).toHaveLength(100);
    expect(await transaction(ctx.app, id)).toMatchObject({ status: 'done', accumulatedAmount: 2 ** 31 + 7 });

    const long = sepayEvent(code, 1000, { transferType: 'incoming-xyz', accountNumber: '1'.repeat(60) });
    expect((await postWebhook(ctx.app, long)).statusCode).toBe(200);
    const [kept] = await eventsWithId(String(long.id));
    expect(kept).toMatchObject({ match: 'outgoing', transfer_type: 'incoming-x', account_number: '1'.repeat(40) });
    // The raw payload is kept whole (the NUL written out as text).
    const [raw] = await rows<{ payload: { content: string; description: string } }>(
      sql`select payload from bank_events where provider_id = ${String(event.id)}`,
    );
    expect(raw!.payload.description).toBe('x\\u0000y');
    expect(raw!.payload.content).toContain(code);
  });

  it('refuses a body that cannot be parsed at all with a 4xx', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/webhooks/sepay',
      headers: { ...webhookHeaders, 'content-type': 'application/json' },
      payload: '{"id": 12',
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('limits hold at payment', () => {
  it('holds the second paid order of a once-a-day pack, cancels the other unpaid ones, and holds late money', async () => {
    const first = await order(ctx.app, '8805678', 202);
    const second = await order(ctx.app, '8805678', 202);
    const third = await order(ctx.app, '8805678', 202);
    await postWebhook(ctx.app, sepayEvent(third.code, 10_000));
    await postWebhook(ctx.app, sepayEvent(first.code, first.totalPrice));
    expect(await transaction(ctx.app, first.id)).toMatchObject({ status: 'done', delivery: 'pending' });
    // The receiver's other unpaid orders of that pack are cancelled (their money is kept, held).
    expect(await transaction(ctx.app, second.id)).toMatchObject({ status: 'cancelled' });
    expect(await transaction(ctx.app, third.id)).toMatchObject({ status: 'cancelled', accumulatedAmount: 10_000 });

    const late = sepayEvent(second.code, second.totalPrice);
    expect((await postWebhook(ctx.app, late)).json()).toEqual({ success: true });
    expect(await transaction(ctx.app, second.id)).toMatchObject({
      status: 'cancelled',
      accumulatedAmount: second.totalPrice,
      delivery: null,
    });
    expect((await eventsWithId(String(late.id)))[0]).toMatchObject({ match: 'cancelled' });
  });

  it('holds an order paid after the limit was reached by staff marking another one paid', async () => {
    const headers = await admin();
    const a = await order(ctx.app, '8809012', 203);
    const b = await order(ctx.app, '8809012', 203);
    // b is placed before a is paid; paying a first cancels b, so reopen b's slot by paying it via the bank.
    const marked = await ctx.app.inject({
      method: 'POST',
      url: `/api/internal/transactions/${a.id}/mark`,
      headers,
      payload: { note: 'Sao kê' },
    });
    expect(marked.json().data).toMatchObject({ status: 'done', paidBy: 'staff' });
    expect(await transaction(ctx.app, b.id)).toMatchObject({ status: 'cancelled' });
  });

  it('holds the money when the limit was reached by an order the store let through', async () => {
    const { db } = ctx.database;
    const a = await order(ctx.app, '8801234', 204);
    const b = await order(ctx.app, '8801234', 204);
    // Pay b first: a is cancelled; then reopen a as if it had been placed after (a stale placing check).
    await postWebhook(ctx.app, sepayEvent(b.code, b.totalPrice));
    await db.execute(sql`update orders set status = 'initial' where id = ${a.id}`);
    const event = sepayEvent(a.code, a.totalPrice);
    await postWebhook(ctx.app, event);
    const held = await transaction(ctx.app, a.id);
    expect(held).toMatchObject({ status: 'held', delivery: null, accumulatedAmount: a.totalPrice });
    expect((await eventsWithId(String(event.id)))[0]).toMatchObject({ match: 'limit_reached' });
    const review = await ctx.app.inject({
      method: 'POST',
      url: '/api/internal/bank-events/find-many',
      headers: await admin(),
      payload: { filter: 'review' },
    });
    expect(review.json().data.items.map((item: { match: string }) => item.match)).toContain('limit_reached');
  });
});

describe('refunds', () => {
  it('records a refund of held money, caps it at what was received, shows it and audits it', async () => {
    const headers = await admin();
    const event = sepayEvent('CRBZZZZZZZZ', 50_000, { content: 'chuyen nham', referenceCode: 'FTREFUND1' });
    await postWebhook(ctx.app, event);
    const [stored] = await rows<{ id: string }>(
      sql`select id from bank_events where provider_id = ${String(event.id)}`,
    );
    const refund = (amount: number) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/internal/bank-events/${stored!.id}/refund`,
        headers,
        payload: { amount, bankReference: 'FT-OUT-1', reason: 'Khách chuyển nhầm' },
      });
    const tooMuch = await refund(50_001);
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().code).toBe('api.refund.exceeds_received');
    expect(tooMuch.json().message).toBe('Chỉ có thể hoàn tối đa 50,000đ cho khoản tiền này.');
    const waiting = async () =>
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/internal/bank-events/find-many',
          headers,
          payload: { filter: 'review', pageSize: 100 },
        })
      )
        .json()
        .data.items.some((item: { id: string }) => item.id === stored!.id);
    expect(await waiting()).toBe(true);
    expect((await refund(20_000)).statusCode).toBe(200);
    // Part of the money is still held: it still needs staff.
    expect(await waiting()).toBe(true);
    expect((await refund(30_001)).statusCode).toBe(409);
    expect((await refund(30_000)).statusCode).toBe(200);
    // All of it went back: it leaves "Cần xử lý" by itself, saying why.
    expect(await waiting()).toBe(false);
    // Money already sent back cannot also be credited to an order.
    const attach = await ctx.app.inject({
      method: 'POST',
      url: `/api/internal/bank-events/${stored!.id}/attach`,
      headers,
      payload: { code: (await order(ctx.app, '8801234', 601)).code, note: 'Gắn nhầm' },
    });
    expect(attach.statusCode).toBe(409);
    const list = await ctx.app.inject({
      method: 'POST',
      url: '/api/internal/bank-events/find-many',
      headers,
      payload: { filter: 'all', pageSize: 100 },
    });
    const shown = list.json().data.items.find((item: { id: string }) => item.id === stored!.id);
    expect(shown).toMatchObject({
      amount: 50_000,
      refundedAmount: 50_000,
      creditedAmount: 0,
      heldAmount: 0,
      reviewNote: 'Đã hoàn hết số tiền còn giữ; lần hoàn cuối 30,000đ (mã tham chiếu FT-OUT-1).',
    });
    const [audit] = await rows<{ n: number }>(
      sql`select count(*)::int as n from audit_log where action = 'bank_event.refund' and target_id = ${stored!.id}`,
    );
    expect(audit!.n).toBe(2);
  });

  it("refunds only the surplus of a paid order, and the player's history shows it", async () => {
    const headers = await admin();
    const player = bearer(await signIn(ctx.app, 'player1', 'player123'));
    const { id, code, totalPrice } = await order(ctx.app, '8801234', 601);
    const event = sepayEvent(code, totalPrice + 5_000);
    await postWebhook(ctx.app, event);
    const [stored] = await rows<{ id: string }>(
      sql`select id from bank_events where provider_id = ${String(event.id)}`,
    );
    const refund = (amount: number) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/internal/bank-events/${stored!.id}/refund`,
        headers,
        payload: { amount, bankReference: 'FT-OUT-2', reason: 'Hoàn tiền thừa' },
      });
    expect((await refund(5_001)).statusCode).toBe(409);
    expect((await refund(2_000)).statusCode).toBe(200);
    expect(await transaction(ctx.app, id)).toMatchObject({ status: 'done', refundedAmount: 2_000 });
    const history = await ctx.app.inject({ method: 'GET', url: '/api/transactions/me', headers: player });
    expect(history.json().data.items.find((item: { id: string }) => item.id === id)).toMatchObject({
      refundedAmount: 2_000,
    });
    // Players cannot record refunds.
    const refused = await ctx.app.inject({
      method: 'POST',
      url: `/api/internal/bank-events/${stored!.id}/refund`,
      headers: player,
      payload: { amount: 1, bankReference: 'x', reason: 'x' },
    });
    expect(refused.statusCode).toBe(403);
  });
});

describe('daily reconciliation report', () => {
  it('adds money in = credited + held + refunded to the đồng, flags what does not balance, and exports CSV', async () => {
    const headers = await admin();
    const today = new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);
    const get = () => ctx.app.inject({ method: 'GET', url: `/api/internal/reports/daily?date=${today}`, headers });
    const report = (await get()).json().data;
    expect(report.moneyIn).toBeGreaterThan(0);
    expect(report.moneyIn).toBe(report.credited + report.held + report.refunded);
    expect(report.balanced).toBe(true);

    // A refund larger than the held money (written behind the API's back) does not balance.
    const [event] = await rows<{ id: string; amount: string }>(
      sql`select id, amount from bank_events where match = 'credited' and transfer_type = 'in' order by received_at desc limit 1`,
    );
    await ctx.database.db.execute(
      sql`insert into refunds (bank_event_id, amount, bank_reference, reason) values (${event!.id}, 1, 'FT-BAD', 'sai')`,
    );
    const broken = (await get()).json().data;
    expect(broken.balanced).toBe(false);
    expect(broken.events.find((item: { id: string }) => item.id === event!.id).problem).toMatch(/Hoàn tiền/);

    const csv = await ctx.app.inject({ method: 'GET', url: `/api/internal/reports/daily.csv?date=${today}`, headers });
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.body).toContain(`${today},${broken.moneyIn},${broken.credited},${broken.held},${broken.refunded},Không`);
    expect(csv.body.startsWith('\uFEFF')).toBe(true);
    const [, , , columns, ...eventLines] = csv.body.slice(1).trim().split('\r\n');
    expect(columns).toBe(
      'Mã sự kiện,Nguồn,Mã ngân hàng,Nhận lúc (giờ VN),Số tiền (đ),Ghi có (đ),Tạm giữ (đ),Đã hoàn (đ),Kết quả,Mã đơn,Vấn đề',
    );
    expect(eventLines).toHaveLength(broken.events.length);
    const brokenLine = eventLines.find((line) => line.startsWith(`${event!.id},`))!;
    expect(brokenLine).toMatch(
      /^[^,]+,SePay \(webhook\),[^,]*,\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d+,\d+,-?\d+,\d+,Đã cộng vào đơn,/,
    );
    expect(csv.body).not.toMatch(/,(credited|limit_reached|unmatched|sepay),/);
  });
});
