import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/rows';
import { onPostgres, signIn, useTestApp } from './helpers';
import { pointsCalls } from './points-helpers';
import { order, postWebhook, sepayEvent } from './store-helpers';

// Races need real connections: PostgreSQL only (decision record 060). Many webhooks of one order earn its
// points once; many redemptions at once never take a balance below zero nor a stock below none.

const ctx = useTestApp();
const { call, freshReceiver, mailsOf, publishSettings, createItem, ledgerOf, shortIdOf } = pointsCalls(ctx);
let content: string;
let admin: string;

beforeAll(async () => {
  content = await signIn(ctx.app, 'content1', 'staff123');
  admin = await signIn(ctx.app, 'admin1', 'admin123');
  await publishSettings(content, { rate: 3, expiryMonths: 6, approvalThreshold: 1_000_000 });
});

const grant = async (shortId: string, points: number) =>
  expect(
    (await call('POST', '/api/internal/points/adjustments', admin, { shortId, points, reason: 'Nạp điểm thử' }))
      .statusCode,
  ).toBe(200);

describe.runIf(onPostgres)('points under concurrency (PostgreSQL)', () => {
  it("earn an order's points once when 32 webhooks for it arrive at once", async () => {
    for (let round = 0; round < 3; round += 1) {
      const receiver = await freshReceiver();
      const placed = await order(ctx.app, receiver, 602);
      const same = sepayEvent(placed.code, placed.totalPrice);
      // 16 copies of one transfer and 16 other transfers of the full amount (held: the order is paid by one).
      const bodies = [
        ...Array.from({ length: 16 }, () => same),
        ...Array.from({ length: 16 }, () => sepayEvent(placed.code, placed.totalPrice)),
      ];
      const responses = await Promise.all(bodies.map((body) => postWebhook(ctx.app, body)));
      expect(responses.every((response) => response.statusCode === 200)).toBe(true);
      const ledger = await ledgerOf(receiver);
      expect(ledger.rows).toEqual([{ kind: 'earn', points: 237, sourceId: placed.id, about: placed.code }]);
      expect(ledger.balance).toBe(237);
    }
  });

  it('never take a balance below zero when 20 redemptions of one player run at once', async () => {
    const player = await signIn(ctx.app, 'player4', 'player123');
    const shortId = await shortIdOf('player4');
    const item = await createItem(content, { title: 'Quà đua', price: 100 });
    await grant(shortId, 500);
    const before = (await ledgerOf(shortId)).balance;
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => call('POST', `/api/points/shop/${item}/redeem`, player)),
    );
    const codes = responses.map((response) => response.json().code);
    const won = Math.floor(before / 100);
    expect(codes.filter((code) => code === 'api.success')).toHaveLength(won);
    expect(codes.filter((code) => code === 'api.points.not_enough')).toHaveLength(20 - won);
    const ledger = await ledgerOf(shortId);
    expect(ledger.balance).toBe(before - won * 100);
    expect(ledger.balance).toBeGreaterThanOrEqual(0);
    expect(ledger.balance).toBe(ledger.sum);
    const mails = (await mailsOf(shortId)).filter((mail) => mail.title === 'Đổi điểm: Quà đua');
    expect(mails).toHaveLength(won);
    expect(new Set(mails.map((mail) => mail.sourceId)).size).toBe(won);
  });

  it('never give more than a stocked item holds when two players redeem it at once', async () => {
    const players = [await signIn(ctx.app, 'player5', 'player123'), await signIn(ctx.app, 'player6', 'player123')];
    for (const name of ['player5', 'player6']) await grant(await shortIdOf(name), 1000);
    const item = await createItem(content, { title: 'Quà có hạn', price: 10, stock: 3 });
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, index) => call('POST', `/api/points/shop/${item}/redeem`, players[index % 2])),
    );
    const codes = responses.map((response) => response.json().code);
    expect(codes.filter((code) => code === 'api.success')).toHaveLength(3);
    expect(codes.filter((code) => code === 'api.points.out_of_stock')).toHaveLength(17);
    const [redeemed] = rowsOf<{ count: number }>(
      await ctx.database.db.execute(
        sql`select count(*)::int as count from points_redemptions where shop_item_id = ${item}`,
      ),
    );
    expect(redeemed!.count).toBe(3);
  });
});
