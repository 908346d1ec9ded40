import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/rows';
import { bearer, signIn, useTestApp } from './helpers';
import { postWebhook, sepayEvent, transaction } from './store-helpers';

// Issue 36, item 7: the order call is no faster name oracle than the look-up. Orders for User IDs new to
// an address or a player spend the look-up's budget, guests' unpaid orders are limited per address and
// per receiver, and staff User IDs are not receivers.
const ctx = useTestApp({
  USER_LOOKUPS_PER_IP: '3',
  USER_LOOKUPS_PER_PLAYER: '2',
  USER_LOOKUP_WINDOW_SECONDS: '600',
  GUEST_ORDERS_PER_IP: '2',
  GUEST_OPEN_ORDERS_PER_RECEIVER: '2',
});

/** Gói Tân Thủ: no limit, no stock, 49,000đ. */
const PACK = 101;

const lookup = (shortId: string, remoteAddress: string, token?: string) =>
  ctx.app.inject({
    method: 'GET',
    url: `/api/users/lookup?shortId=${shortId}`,
    remoteAddress,
    headers: token ? bearer(token) : {},
  });

const buyFrom = (shortId: string, remoteAddress: string, token?: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/transactions/bank',
    remoteAddress,
    headers: token ? bearer(token) : {},
    payload: { shortId, productId: PACK },
  });

const ordersFor = async (shortId: string) =>
  Number(
    rowsOf<{ n: number }>(
      await ctx.database.db.execute(
        sql`select count(*)::int as n from orders o join users u on u.id = o.receiver_id where u.short_id = ${shortId}`,
      ),
    )[0]!.n,
  );

const tooManyReceivers = {
  code: 'api.rate_limited',
  key: 'store.tooManyReceivers',
  message: 'Bạn đặt đơn cho quá nhiều User ID khác nhau, vui lòng thử lại sau ít phút.',
};

describe('orders and look-ups share one budget of receivers named', () => {
  it('refuses an order for a new User ID once the look-up answers 429, making no order', async () => {
    const address = '10.7.0.1';
    for (const shortId of ['8801234', '8805678', '8809012'])
      expect((await lookup(shortId, address)).statusCode).toBe(200);
    expect((await lookup('8803456', address)).statusCode).toBe(429);

    const before = await ordersFor('8803456');
    const refused = await buyFrom('8803456', address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual(tooManyReceivers);
    expect(await ordersFor('8803456')).toBe(before);
    // An unknown User ID is not told apart either.
    expect((await buyFrom('9999999', address)).json()).toEqual(tooManyReceivers);

    // A receiver this address already looked up names no one new: the order is made.
    const known = await buyFrom('8805678', address);
    expect(known.statusCode, known.body).toBe(200);
    expect((await transaction(ctx.app, known.json().data.id)).receiver.shortId).toBe('8805678');
  });

  it('lets orders for new User IDs, found or not, spend the budget a look-up then lacks', async () => {
    const address = '10.7.1.1';
    for (const shortId of ['9999991', '9999992', '9999993']) {
      expect((await buyFrom(shortId, address)).json().code).toBe('api.user.not_found');
    }
    expect((await lookup('8801234', address)).statusCode).toBe(429);
    expect((await buyFrom('9999994', address)).statusCode).toBe(429);
    // Another address is not refused.
    expect((await lookup('8801234', '10.7.1.2')).statusCode).toBe(200);
  });

  it("counts a signed-in player's orders for others across addresses; their own User ID is free", async () => {
    const player = await signIn(ctx.app, 'player5', 'player123');
    expect((await buyFrom('8801234', '10.7.2.1', player)).statusCode).toBe(200);
    expect((await buyFrom('8805678', '10.7.2.2', player)).statusCode).toBe(200);
    const third = await buyFrom('8809012', '10.7.2.3', player);
    expect(third.statusCode).toBe(429);
    expect(third.json()).toEqual(tooManyReceivers);
    expect((await lookup('8809012', '10.7.2.4', player)).statusCode).toBe(429);
    expect((await buyFrom('8807890', '10.7.2.5', player)).statusCode).toBe(200);
  });
});

describe('staff User IDs', () => {
  it('answer as unknown in the look-up and in the order call, and get no order', async () => {
    const unknown = { code: 'api.user.not_found', message: 'User ID không tồn tại.' };
    for (const shortId of ['8800001', '8800004']) {
      const looked = await lookup(shortId, '10.7.5.1');
      expect(looked.statusCode).toBe(400);
      expect(looked.json()).toMatchObject(unknown);
    }
    const player = await signIn(ctx.app, 'player6', 'player123');
    const ordered = await buyFrom('8800001', '10.7.5.2', player);
    expect(ordered.statusCode).toBe(400);
    expect(ordered.json()).toMatchObject({ ...unknown, errors: { shortId: [unknown.message] } });
    expect(await ordersFor('8800001')).toBe(0);
  });
});

describe("guests' unpaid orders", () => {
  it('are limited per address; a refused order gives its place back, and signing in still orders', async () => {
    const address = '10.7.3.1';
    expect((await buyFrom('9999995', address)).json().code).toBe('api.user.not_found');
    expect((await buyFrom('8801234', address)).statusCode).toBe(200);
    expect((await buyFrom('8805678', address)).statusCode).toBe(200);
    const refused = await buyFrom('8809012', address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      code: 'api.transaction.guest_orders.address',
      message:
        'Bạn đang có quá nhiều đơn chờ thanh toán khi chưa đăng nhập. Hãy thanh toán các đơn đó, đăng nhập, hoặc thử lại sau ít phút.',
    });
    const player = await signIn(ctx.app, 'player2', 'player123');
    expect((await buyFrom('8801234', address, player)).statusCode).toBe(200);
    expect((await buyFrom('8801234', '10.7.3.2')).statusCode).toBe(200);
  });

  it('are limited per receiver across addresses, until one is paid', async () => {
    const receiver = '8802468';
    const first = await buyFrom(receiver, '10.7.4.1');
    expect(first.statusCode).toBe(200);
    expect((await buyFrom(receiver, '10.7.4.2')).statusCode).toBe(200);
    const refused = await buyFrom(receiver, '10.7.4.3');
    expect(refused.statusCode).toBe(429);
    const message = `User ID ${receiver} đang có quá nhiều đơn chờ thanh toán do khách chưa đăng nhập đặt. Hãy đăng nhập để đặt đơn, hoặc thử lại sau ít phút.`;
    expect(refused.json()).toEqual({
      code: 'api.transaction.guest_orders.receiver',
      message,
      key: 'store.guestOrdersForReceiver',
      params: { shortId: receiver },
      errors: { shortId: [message] },
      issues: { shortId: [{ key: 'store.guestOrdersForReceiver', params: { shortId: receiver } }] },
    });
    const player = await signIn(ctx.app, 'player1', 'player123');
    expect((await buyFrom(receiver, '10.7.4.4', player)).statusCode).toBe(200);

    const { code } = await transaction(ctx.app, first.json().data.id);
    expect((await postWebhook(ctx.app, sepayEvent(code, 49_000))).statusCode).toBe(200);
    expect((await transaction(ctx.app, first.json().data.id)).status).toBe('done');
    expect((await buyFrom(receiver, '10.7.4.3')).statusCode).toBe(200);
  });
});
