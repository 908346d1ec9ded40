import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/rows';
import { bearer, signIn, useTestApp } from './helpers';
import { buy, order, postWebhook, sepayEvent, transaction } from './store-helpers';

// Small look-up limits, so that the throttle is reached in a few calls.
const ctx = useTestApp({
  USER_LOOKUPS_PER_IP: '4',
  USER_LOOKUPS_PER_PLAYER: '2',
  USER_LOOKUP_WINDOW_SECONDS: '600',
  ORDER_LOOKUPS_PER_IP: '4',
});

const lookup = (shortId: string, remoteAddress: string, token?: string) =>
  ctx.app.inject({
    method: 'GET',
    url: `/api/users/lookup?shortId=${encodeURIComponent(shortId)}`,
    remoteAddress,
    headers: token ? bearer(token) : {},
  });

const receipt = (code: string, token: string) =>
  ctx.app.inject({ method: 'GET', url: `/api/transactions/receipt/${code}`, headers: bearer(token) });

/** An order bought by a signed-in player for a User ID: its id and code. */
async function orderAs(token: string, shortId: string, productId: number) {
  const created = await buy(ctx.app, shortId, productId, bearer(token));
  expect(created.statusCode).toBe(200);
  const id: string = created.json().data.id;
  const detail = await ctx.app.inject({ method: 'GET', url: `/api/transactions/bank/${id}` });
  return { id, code: detail.json().data.code as string };
}

describe('GET /api/users/lookup', () => {
  it("answers a User ID's display name and avatar, and the order call's refusal for an unknown one", async () => {
    const found = await lookup('ID: 8801234', '10.1.0.1');
    expect(found.statusCode).toBe(200);
    expect(found.json()).toEqual({
      code: 'api.success',
      data: { shortId: '8801234', displayName: 'Nguyễn Minh Anh', avatar: '9001', servers: [] },
    });
    const unknown = await lookup('9999999', '10.1.0.1');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({
      code: 'api.user.not_found',
      message: 'User ID không tồn tại.',
      errors: { shortId: ['User ID không tồn tại.'] },
    });
    expect((await lookup('12345678901', '10.1.0.1')).json().code).toBe('api.validation');
  });

  it('is throttled per address, found or not, while another address still looks up', async () => {
    const address = '10.2.0.1';
    const answers: number[] = [];
    for (const shortId of ['8801234', '9999999', '8805678', '8809012', '8801234', '8805678']) {
      answers.push((await lookup(shortId, address)).statusCode);
    }
    expect(answers).toEqual([200, 400, 200, 200, 429, 429]);
    const refused = await lookup('8801234', address);
    expect(refused.json()).toEqual({
      code: 'api.rate_limited',
      key: 'store.tooManyLookups',
      message: 'Bạn tra cứu User ID quá nhanh, vui lòng thử lại sau ít phút.',
    });
    expect((await lookup('8801234', '10.2.0.2')).statusCode).toBe(200);
  });

  it("lists the running promotions for everyone, free of the look-up budget (one receiver's are the quote's)", async () => {
    const address = '10.4.0.1';
    const answers: number[] = [];
    for (let round = 0; round < 5; round += 1) {
      answers.push(
        (await ctx.app.inject({ method: 'GET', url: '/api/store/promotions', remoteAddress: address })).statusCode,
      );
    }
    expect(answers).toEqual([200, 200, 200, 200, 200]);
    expect((await lookup('8801234', address)).statusCode).toBe(200);
  });

  it('is throttled per signed-in player across addresses', async () => {
    const player = await signIn(ctx.app, 'player4', 'player123');
    const answers: number[] = [];
    for (const address of ['10.3.0.1', '10.3.0.2', '10.3.0.3']) {
      answers.push((await lookup('8801234', address, player)).statusCode);
    }
    expect(answers).toEqual([200, 200, 429]);
    // The same fresh address without that player is not refused.
    expect((await lookup('8801234', '10.3.0.4')).statusCode).toBe(200);
  });
});

describe('the limit refusal', () => {
  it("names the receiver's User ID and when the limit resets, in Vietnam time", async () => {
    const buyer = await signIn(ctx.app, 'player1', 'player123');
    const { code } = await orderAs(buyer, '8805678', 201);
    await postWebhook(ctx.app, sepayEvent(code, 49_000));
    const limited = await buy(ctx.app, '8805678', 201, bearer(buyer));
    expect(limited.statusCode).toBe(400);
    const { code: refusal, message, errors } = limited.json();
    expect(refusal).toBe('api.transaction.product.limited');
    // The next midnight in Vietnam (UTC+7): 17:00 UTC of the Vietnam day that is today.
    const vietnamNow = new Date(Date.now() + 7 * 3_600_000);
    const next = new Date(Date.UTC(vietnamNow.getUTCFullYear(), vietnamNow.getUTCMonth(), vietnamNow.getUTCDate() + 1));
    const day = `${String(next.getUTCDate()).padStart(2, '0')}/${String(next.getUTCMonth() + 1).padStart(2, '0')}`;
    const expected = `User ID 8805678 đã đạt giới hạn mua gói này; giới hạn được đặt lại vào 00:00 ngày ${day} (giờ Việt Nam)`;
    expect(message).toBe(expected);
    expect(errors.shortId).toEqual([expected]);
  });
});

describe('GET /api/transactions/receipt/:code', () => {
  it("shows the buyer and the paid receiver the order's money, references, contents and people", async () => {
    const buyer = await signIn(ctx.app, 'player1', 'player123');
    const { id, code } = await orderAs(buyer, '8805678', 101);

    // Before it is paid the receiver sees nothing: anyone may start an order for any User ID.
    const receiverToken = await signIn(ctx.app, 'player2', 'player123');
    expect((await receipt(code, receiverToken)).statusCode).toBe(404);

    const first = sepayEvent(code, 20_000);
    const second = sepayEvent(code, 40_000);
    await postWebhook(ctx.app, first);
    await postWebhook(ctx.app, second);
    const found = await ctx.database.db.execute(
      sql`select id from bank_events where order_id = ${id} order by received_at desc limit 1`,
    );
    const [event] = rowsOf<{ id: string }>(found);
    await ctx.database.db.execute(
      sql`insert into refunds (bank_event_id, amount, bank_reference, reason) values (${event!.id}, 11000, 'FTOUT123', 'thừa')`,
    );

    const asBuyer = await receipt(code.toLowerCase(), buyer);
    expect(asBuyer.statusCode).toBe(200);
    const data = asBuyer.json().data;
    expect(data).toMatchObject({
      id,
      code,
      productId: 101,
      status: 'done',
      accumulatedAmount: 60_000,
      refundedAmount: 11_000,
      receiver: { shortId: '8805678', displayName: 'Trần Bảo Ngọc', avatar: null },
      buyer: { shortId: '8801234', displayName: 'Nguyễn Minh Anh' },
      role: 'bought',
      held: {
        reason: 'overpaid',
        amount: 11_000,
        refunds: [{ reference: 'FTOUT123', amount: 11_000 }],
        refundBy: null,
      },
    });
    expect(data.items.length).toBeGreaterThan(0);
    expect(data.paidAt).not.toBeNull();
    expect(data.transfers.map((transfer: { reference: string }) => transfer.reference).sort()).toEqual(
      [first.referenceCode, second.referenceCode].sort(),
    );

    const asReceiver = await receipt(code, receiverToken);
    expect(asReceiver.statusCode).toBe(200);
    expect(asReceiver.json().data.role).toBe('received');
  });

  it('answers a stranger exactly as a missing code, and a guest 401', async () => {
    const buyer = await signIn(ctx.app, 'player1', 'player123');
    const { code } = await orderAs(buyer, '8801234', 601);
    const own = await receipt(code, buyer);
    expect(own.json().data).toMatchObject({ role: 'both', buyer: { shortId: '8801234' }, transfers: [] });

    const stranger = await signIn(ctx.app, 'player4', 'player123');
    const probed = await receipt(code, stranger);
    const missing = await receipt('CRB22222222', stranger);
    expect(probed.statusCode).toBe(404);
    expect(missing.statusCode).toBe(404);
    expect(probed.json()).toEqual(missing.json());
    expect(probed.json().code).toBe('api.error');

    const guest = await ctx.app.inject({ method: 'GET', url: `/api/transactions/receipt/${code}` });
    expect(guest.statusCode).toBe(401);
  });
});

describe('held and surplus money, as the player reads it', () => {
  const admin = async () => bearer(await signIn(ctx.app, 'admin1', 'admin123'));
  const history = async (token: string, id: string) =>
    (await ctx.app.inject({ method: 'GET', url: '/api/transactions/me?pageSize=50', headers: bearer(token) }))
      .json()
      .data.items.find((item: { id: string }) => item.id === id);
  const DAY = 86_400_000;

  it('tells a surplus: how much, why, by when staff send it back, then the refund with its reference and date', async () => {
    const player = await signIn(ctx.app, 'player1', 'player123');
    const { id, code } = await orderAs(player, '8801234', 602);
    const price = (await transaction(ctx.app, id)).totalPrice as number;
    const paid = sepayEvent(code, price + 5_000);
    await postWebhook(ctx.app, paid);

    const held = (await receipt(code, player)).json().data.held;
    expect(held).toMatchObject({ reason: 'overpaid', amount: 5_000, handled: false, refunds: [] });
    expect(Date.parse(held.refundBy) - Date.parse(held.since)).toBe(3 * DAY);
    // The panel (by the order's link) and the history say the same.
    expect((await transaction(ctx.app, id)).held).toEqual(held);
    expect((await history(player, id)).held).toEqual(held);

    const [event] = rowsOf<{ id: string }>(
      await ctx.database.db.execute(sql`select id from bank_events where provider_id = ${String(paid.id)}`),
    );
    const refunded = await ctx.app.inject({
      method: 'POST',
      url: `/api/internal/bank-events/${event!.id}/refund`,
      headers: await admin(),
      payload: { amount: 5_000, bankReference: 'FT-BACK-1', reason: 'Hoàn tiền thừa' },
    });
    expect(refunded.statusCode).toBe(200);
    const after = (await receipt(code, player)).json().data;
    expect(after.refundedAmount).toBe(5_000);
    expect(after.held).toMatchObject({ amount: 5_000, refundBy: null, handled: true });
    expect(after.held.refunds).toEqual([{ reference: 'FT-BACK-1', amount: 5_000, at: expect.any(String) }]);
    expect(Date.now() - Date.parse(after.held.refunds[0].at)).toBeLessThan(60_000);
    expect((await history(player, id)).held).toEqual(after.held);
  });

  it("holds all the money of a cancelled order (the pack was bought in this period), and none of a plain one's", async () => {
    // Their own User ID: an order for oneself spends no look-up budget (player4's is spent above).
    const player = await signIn(ctx.app, 'player5', 'player123');
    const shortId = '8807890';
    const first = await orderAs(player, shortId, 201);
    const second = await orderAs(player, shortId, 201);
    await postWebhook(ctx.app, sepayEvent(first.code, 49_000));
    await postWebhook(ctx.app, sepayEvent(second.code, 49_000));

    const cancelled = (await receipt(second.code, player)).json().data;
    expect(cancelled.status).toBe('cancelled');
    expect(cancelled.held).toMatchObject({ reason: 'cancelled', amount: 49_000, handled: false, refunds: [] });
    expect(cancelled.held.refundBy).not.toBeNull();
    expect((await receipt(first.code, player)).json().data.held).toBeNull();
    expect((await transaction(ctx.app, first.id)).held).toBeNull();
  });
});

describe('POST /api/transactions/lookup', () => {
  const lookup = (code: string, shortId: string, remoteAddress: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/transactions/lookup', remoteAddress, payload: { code, shortId } });

  it("finds a guest's order by its code and receiver, answers a wrong User ID as an unknown code, and is throttled", async () => {
    const { id, code } = await order(ctx.app, '8805678', 602);
    const address = '10.9.0.1';
    const found = await lookup(` ${code.slice(0, 6).toLowerCase()} ${code.slice(6)} `, 'ID: 8805678', address);
    expect(found.statusCode).toBe(200);
    // The order's link only: what its panel reads, nothing of the order itself.
    expect(found.json()).toEqual({ code: 'api.success', data: { id, productId: 602, packTab: 'tien-te' } });

    const wrongReceiver = await lookup(code, '8801234', address);
    const unknown = await lookup('CRB22222222', '8805678', address);
    expect(wrongReceiver.statusCode).toBe(404);
    expect(wrongReceiver.json()).toEqual(unknown.json());
    expect(unknown.json().code).toBe('api.error');

    expect((await lookup(code, '8805678', address)).statusCode).toBe(200);
    const throttled = await lookup(code, '8805678', address);
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json()).toEqual({
      code: 'api.transaction.lookup.rate_limited',
      message: 'Bạn tra cứu đơn hàng quá nhiều lần, vui lòng thử lại sau ít phút.',
    });
    expect((await lookup(code, '8805678', '10.9.0.2')).statusCode).toBe(200);
  });
});
