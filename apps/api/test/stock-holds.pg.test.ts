import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/rows';
import { bearer, signIn, useTestApp } from './helpers';
import { createTestPack } from './store-helpers';

/**
 * Unpaid orders and stock under concurrent orders on PostgreSQL (decision record 041): orders for one
 * receiver wait for each other, so a receiver ends with one open order of a pack with a stock and no
 * more guest orders than allowed, and guests from one address hold no more units than they may.
 */
const ctx = useTestApp({ GUEST_ORDERS_PER_IP: '3', GUEST_OPEN_ORDERS_PER_RECEIVER: '2' });

let content: string;
beforeAll(async () => {
  content = await signIn(ctx.app, 'content1', 'staff123');
});

const buyAs = (shortId: string, productId: number, remoteAddress: string, token?: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/transactions/bank',
    remoteAddress,
    headers: token ? bearer(token) : {},
    payload: { shortId, productId },
  });

const openOrders = async (productId: number, shortId?: string) =>
  rowsOf<{ n: number }>(
    await ctx.database.db.execute(sql`select count(*)::int as n from orders o join users u on u.id = o.receiver_id
      where o.product_id = ${productId} and o.status = 'initial' and (${shortId ?? null}::text is null or u.short_id = ${shortId ?? null})`),
  )[0]!.n;

const statuses = (answers: { statusCode: number }[]) => answers.map((answer) => answer.statusCode).sort();

describe.runIf(process.env.TEST_DB === 'postgres')('concurrent orders', () => {
  it('of a pack with a stock for one receiver leave one unpaid order', async () => {
    const pack = await createTestPack(ctx.app, content, { price: 10_000, stock: 20 });
    const guests = await Promise.all(
      Array.from({ length: 10 }, (_, index) => buyAs('8805678', pack, `10.9.0.${index + 1}`)),
    );
    expect(statuses(guests)).toEqual([200, ...Array(9).fill(409)]);
    expect(await openOrders(pack, '8805678')).toBe(1);

    // One signed-in buyer's concurrent orders are all answered with their one order.
    const buyer = await signIn(ctx.app, 'player1', 'player123');
    const mine = await Promise.all(Array.from({ length: 8 }, () => buyAs('8809012', pack, '10.9.1.1', buyer)));
    expect(statuses(mine)).toEqual(Array(8).fill(200));
    const answers = mine.map((answer) => answer.json().data as { id: string; reopened: boolean });
    expect(new Set(answers.map((answer) => answer.id)).size).toBe(1);
    expect(answers.filter((answer) => !answer.reopened)).toHaveLength(1);
    expect(await openOrders(pack, '8809012')).toBe(1);
  });

  it('by guests for one receiver stop at GUEST_OPEN_ORDERS_PER_RECEIVER', async () => {
    const guests = await Promise.all(
      Array.from({ length: 8 }, (_, index) => buyAs('8806543', 101, `10.9.3.${index + 1}`)),
    );
    expect(statuses(guests)).toEqual([200, 200, ...Array(6).fill(429)]);
    expect(await openOrders(101, '8806543')).toBe(2);
  });

  it('by guests cannot hold the stock: one address holds GUEST_ORDERS_PER_IP units, others remain', async () => {
    const pack = await createTestPack(ctx.app, content, { price: 10_000, stock: 5 });
    // Not 8806543: it is at its guest orders (the test above), and its refused order holds one of the
    // address's three until it gives it back, which a concurrent order could find taken.
    const receivers = ['8801234', '8805678', '8809012', '8803456', '8807890', '8802468'];
    const guests = await Promise.all(receivers.map((shortId) => buyAs(shortId, pack, '10.9.2.1')));
    expect(statuses(guests)).toEqual([200, 200, 200, 429, 429, 429]);
    expect(await openOrders(pack)).toBe(3);
    const player = await signIn(ctx.app, 'player2', 'player123');
    const free = receivers.filter((_, index) => guests[index]!.statusCode === 429);
    const signedIn = await Promise.all(free.map((shortId) => buyAs(shortId, pack, '10.9.2.2', player)));
    // The two units left go to signed-in orders (then it is sold out): the guests held three.
    expect(statuses(signedIn)).toEqual([200, 200, 400]);
  });
});
