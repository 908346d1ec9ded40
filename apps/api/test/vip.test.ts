import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/rows';
import { sendMonthlyGifts } from '../src/modules/vip';
import { vietnamMonthOf } from '../src/modules/vip/standing';
import { bearer, signIn, useTestApp } from './helpers';
import { promotionCalls } from './promotion-helpers';
import { buy, createTestPack } from './store-helpers';
import { vipCalls } from './vip-helpers';

// VIP tiers (issue 41, decision record 059): the tier follows credited money over its window, its perks
// are in the quote and the payment, a tier-only pack is refused below its tier, the gift is sent once.

const ctx = useTestApp();
const { call, freshReceiver } = promotionCalls(ctx);
const { createTier, payAtOnce, giftsOf, userIdOf } = vipCalls(ctx);
let admin: string;
let content: string;
let plainPack: number;
let vipPack: number;
let bronze: number;
let silver: number;

beforeAll(async () => {
  admin = await signIn(ctx.app, 'admin1', 'admin123');
  content = await signIn(ctx.app, 'content1', 'staff123');
  plainPack = await createTestPack(ctx.app, content, { price: 100_000 });
  vipPack = await createTestPack(ctx.app, content, { price: 50_000, title: 'Gói VIP Bạc' });
  bronze = await createTier(admin, {
    title: 'Đồng',
    threshold: 100_000,
    giftItems: [{ itemId: 'gold', quantity: 10 }],
  });
  silver = await createTier(admin, {
    title: 'Bạc',
    threshold: 300_000,
    windowDays: 365,
    bonusPercent: 10,
    packIds: [vipPack],
    giftItems: [{ itemId: 'hero_chest', quantity: 1 }],
  });
});

const mine = (shortId: string) => userIdOf(shortId).then((id) => ctx.app.services.vip.mine(id));

const quoteOf = async (packId: number, receiver: string) => {
  const answer = await call('GET', `/api/store/quote?packId=${packId}&receiver=${receiver}`);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().data.quotes[0];
};

/** Moves a receiver's credited bank events back to `at` (as if paid then). */
async function movePayments(shortId: string, at: Date) {
  await ctx.database.db.execute(sql`update bank_events set received_at = ${at.toISOString()}::timestamptz
    where order_id in (select o.id from orders o join users u on u.id = o.receiver_id where u.short_id = ${shortId})`);
}

describe('a VIP tier', () => {
  it('follows the credited money in its window, and the way to the next tier', async () => {
    const receiver = await freshReceiver();
    expect(await mine(receiver)).toMatchObject({ tier: null, next: { tier: { id: bronze }, remaining: 100_000 } });
    await payAtOnce(receiver, plainPack, 1);
    expect(await mine(receiver)).toMatchObject({
      tier: { id: bronze, title: 'Đồng' },
      kept: false,
      next: { tier: { id: silver }, paid: 100_000, remaining: 200_000 },
    });
    await payAtOnce(receiver, plainPack, 2);
    expect(await mine(receiver)).toMatchObject({ tier: { id: silver }, next: null });

    // Money older than the window, and older than the window at the month's start, no longer counts.
    await movePayments(receiver, new Date(Date.now() - 400 * 86_400_000));
    expect(await mine(receiver)).toMatchObject({ tier: null, kept: false });
  });

  it('is kept for the whole month when it was held on its first day', async () => {
    const receiver = await freshReceiver();
    await payAtOnce(receiver, plainPack, 3);
    // Out of the window now, inside the window that ended when this Vietnam month began.
    const now = Date.now();
    const start = vietnamMonthOf(new Date(now)).start.getTime();
    const window = 365 * 86_400_000;
    await movePayments(receiver, new Date((start - window + (now - window)) / 2));
    const standing = await mine(receiver);
    expect(standing).toMatchObject({ tier: { id: silver }, kept: true });
    expect(standing.paid[String(silver)]).toBe(0);
  });

  it('does not count money held for review (a cancelled or held order is not revenue)', async () => {
    const receiver = await freshReceiver();
    await payAtOnce(receiver, plainPack, 1);
    await ctx.database.db.execute(sql`update orders set status = 'held'
      where receiver_id = (select id from users where short_id = ${receiver})`);
    expect(await mine(receiver)).toMatchObject({ tier: null });
  });
});

describe("a tier's perks", () => {
  it('add the tier bonus to the quote and to the paid order, and open the tier-only pack', async () => {
    const receiver = await freshReceiver();
    await payAtOnce(receiver, plainPack, 1); // Đồng: no bonus, no tier-only pack
    const low = await quoteOf(vipPack, receiver);
    expect(low.refusal).toBe('tier_only');
    const refused = await buy(ctx.app, receiver, vipPack);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('api.transaction.product.tier_only');
    expect(refused.json().message).toBe(
      'Gói này chỉ dành cho thành viên VIP có hạng cao hơn hạng hiện tại của người nhận.',
    );
    expect((await quoteOf(plainPack, receiver)).tierBonus).toEqual([]);

    await payAtOnce(receiver, plainPack, 2); // 300,000đ: Bạc, +10%
    expect((await quoteOf(vipPack, receiver)).refusal).toBeNull();
    const plain = await quoteOf(plainPack, receiver);
    expect(plain.tierBonus).toEqual([{ itemId: 'diamond', quantity: 10 }]);
    const [paid] = await payAtOnce(receiver, plainPack, 1);
    const [row] = rowsOf<{ bonus: unknown }>(
      await ctx.database.db.execute(sql`select bonus_items as bonus from orders where id = ${paid!.id}`),
    );
    expect(row!.bonus).toEqual([{ itemId: 'diamond', quantity: 10 }]);
    // For anyone (no receiver), a tier-only pack is refused too.
    const anyone = await call('GET', `/api/store/quote?packId=${vipPack}`);
    expect(anyone.json().data.quotes[0].refusal).toBe('tier_only');
  });
});

describe("a tier's monthly gift", () => {
  it('is sent once when a payment lifts the player into the tier, and once a month by the worker', async () => {
    const receiver = await freshReceiver();
    await payAtOnce(receiver, plainPack, 1);
    const month = vietnamMonthOf(new Date()).month;
    const id = await userIdOf(receiver);
    expect(await giftsOf(receiver)).toEqual([
      {
        title: `Quà tháng ${month.slice(5)}/${month.slice(0, 4)} — hạng Đồng`,
        items: [{ itemId: 'gold', quantity: 10 }],
        sourceId: `${id}:${month}:${bronze}`,
      },
    ]);
    await payAtOnce(receiver, plainPack, 1);
    await sendMonthlyGifts(ctx.database.db);
    expect(await giftsOf(receiver)).toHaveLength(1);
    // Lifted into Bạc this month: Bạc's gift, once.
    await payAtOnce(receiver, plainPack, 1);
    await sendMonthlyGifts(ctx.database.db);
    expect((await giftsOf(receiver)).map((gift) => gift.sourceId)).toEqual([
      `${id}:${month}:${bronze}`,
      `${id}:${month}:${silver}`,
    ]);
  });

  it("is sent by the worker's round of the next month to a player who still holds the tier, once", async () => {
    const receiver = await freshReceiver();
    await payAtOnce(receiver, plainPack, 1);
    const id = await userIdOf(receiver);
    const later = new Date(Date.now() + 35 * 86_400_000);
    const next = vietnamMonthOf(later).month;
    expect(await sendMonthlyGifts(ctx.database.db, later)).toBeGreaterThanOrEqual(1);
    await sendMonthlyGifts(ctx.database.db, later);
    const gifts = (await giftsOf(receiver)).map((gift) => gift.sourceId);
    expect(gifts).toHaveLength(2);
    expect(gifts[1]).toBe(`${id}:${next}:${bronze}`);
  });
});

describe('the tier table in the console', () => {
  it('refuses a bad draft with a Vietnamese message per field, audits changes and counts players', async () => {
    const bad = await call('POST', '/api/internal/vip-tiers', admin, { title: '', threshold: 5, windowDays: 3 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('api.validation');
    expect(bad.json().errors).toMatchObject({
      title: ['Vui lòng nhập tên hạng (tối đa 60 ký tự).'],
      threshold: ['Mốc nạp phải là số nguyên từ 1,000đ đến 100,000,000,000đ.'],
      windowDays: ['Số ngày tính nạp phải từ 31 đến 3,650.'],
    });
    const draft = await createTier(admin, { title: 'Vàng', threshold: 5_000_000 }, false);
    const list = await call('GET', '/api/internal/vip-tiers?q=vang', admin);
    expect(list.json().data.items).toMatchObject([{ id: draft, state: 'draft' }]);
    const all = (await call('GET', '/api/internal/vip-tiers', admin)).json().data.items;
    expect(all.find((tier: { id: number }) => tier.id === silver).players).toBeGreaterThan(0);
    const audit = rowsOf<{ action: string }>(
      await ctx.database.db.execute(sql`select action from audit_log where target_type = 'vip_tier'
        and target_id = ${String(draft)}`),
    );
    expect(audit.map((entry) => entry.action)).toEqual(['vip_tier.create']);
    // A player cannot write the table; players read the published tiers only.
    const player = await signIn(ctx.app, 'player1', 'player123');
    expect((await call('POST', '/api/internal/vip-tiers', player, { title: 'X', threshold: 1000 })).statusCode).toBe(
      403,
    );
    // The analytics: players per published tier (finance reads it; a player may not).
    const finance = await signIn(ctx.app, 'finance1', 'staff123');
    const figures = (await call('GET', '/api/internal/analytics/vip-tiers', finance)).json().data;
    expect(figures.tiers.map((tier: { title: string }) => tier.title)).toEqual(['Đồng', 'Bạc']);
    expect(figures.tiers[1].players).toBe(all.find((tier: { id: number }) => tier.id === silver).players);
    expect((await call('GET', '/api/internal/analytics/vip-tiers', player)).statusCode).toBe(403);
    const tiers = (await call('GET', '/api/vip/tiers')).json().data.tiers;
    expect(tiers.map((tier: { title: string }) => tier.title)).toEqual(['Đồng', 'Bạc']);
    const me = await ctx.app.inject({ method: 'GET', url: '/api/me/vip', headers: bearer(player) });
    expect(me.statusCode, me.body).toBe(200);
    expect(Object.keys(me.json().data.paid).sort()).toEqual([String(bronze), String(silver)].sort());
    expect((await ctx.app.inject({ method: 'GET', url: '/api/me/vip' })).statusCode).toBe(401);
  });
});
