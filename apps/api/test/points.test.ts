import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/rows';
import { expirePlayerPoints } from '../src/modules/points/expiry';
import { signIn, useTestApp } from './helpers';
import { pointsCalls } from './points-helpers';
import { order, postWebhook, sepayEvent } from './store-helpers';

// Points (issue 41, decision record 060): earned once in the paying transaction at the published rate,
// redeemed in the shop with one mail, refusals, expiry first in first out, staff adjustments with four-eyes.

const ctx = useTestApp();
const { call, freshReceiver, mailsOf, publishSettings, createItem, ledgerOf, userIdOf, shortIdOf } = pointsCalls(ctx);
let content: string;
let admin: string;
let admin2: string;
let finance: string;

beforeAll(async () => {
  content = await signIn(ctx.app, 'content1', 'staff123');
  admin = await signIn(ctx.app, 'admin1', 'admin123');
  admin2 = await signIn(ctx.app, 'admin2', 'admin123');
  finance = await signIn(ctx.app, 'finance1', 'staff123');
});

async function pay(shortId: string, productId = 602) {
  const placed = await order(ctx.app, shortId, productId);
  const event = sepayEvent(placed.code, placed.totalPrice);
  expect((await postWebhook(ctx.app, event)).statusCode).toBe(200);
  expect((await postWebhook(ctx.app, event)).statusCode).toBe(200);
  return placed;
}

/** Gives a player points through an adjustment under the threshold (finance may). */
async function grant(shortId: string, points: number) {
  const response = await call('POST', '/api/internal/points/adjustments', finance, {
    shortId,
    points,
    reason: 'Bù lỗi',
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

describe('points earned by a paid order', () => {
  it('earn nothing while no settings are published, then once per order at the published rate', async () => {
    const before = await freshReceiver();
    await pay(before);
    expect((await ledgerOf(before)).rows).toEqual([]);

    const draft = await call('PUT', '/api/internal/points/settings', content, {
      rate: 5,
      expiryMonths: 12,
      approvalThreshold: 1000,
    });
    expect(draft.json().data).toMatchObject({ state: 'draft', published: null });
    const unpublished = await freshReceiver();
    await pay(unpublished);
    expect((await ledgerOf(unpublished)).rows).toEqual([]);

    await publishSettings(content, { rate: 2, expiryMonths: 12, approvalThreshold: 1000 });
    const receiver = await freshReceiver();
    const placed = await pay(receiver); // 79,000đ at 2 points per 1,000đ, its webhook twice
    const ledger = await ledgerOf(receiver);
    expect(ledger.rows).toEqual([{ kind: 'earn', points: 158, sourceId: placed.id, about: placed.code }]);
    expect(ledger.balance).toBe(158);
    const [snapshot] = rowsOf<{ points: number }>(
      await ctx.database.db.execute(sql`select (quote->>'points')::int as points from orders where id = ${placed.id}`),
    );
    expect(snapshot!.points).toBe(158);
    const audits = rowsOf<{ action: string }>(
      await ctx.database.db.execute(
        sql`select action from audit_log where target_type = 'points_settings' order by created_at`,
      ),
    );
    expect(audits.map((audit) => audit.action)).toEqual([
      'points.settings_update',
      'points.settings_update',
      'points.settings_publish',
    ]);
  });

  it('refuse bad settings field by field, and any write without the catalogue permission', async () => {
    const bad = await call('PUT', '/api/internal/points/settings', content, {
      rate: -1,
      expiryMonths: 1.5,
      approvalThreshold: 0,
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['approvalThreshold', 'expiryMonths', 'rate']);
    expect(bad.json().errors.rate[0]).toMatch(/Tỉ lệ/);
    const player = await signIn(ctx.app, 'player6', 'player123');
    expect(
      (await call('PUT', '/api/internal/points/settings', player, { rate: 1, expiryMonths: 0, approvalThreshold: 1 }))
        .statusCode,
    ).toBe(403);
  });
});

describe('the rewards shop', () => {
  it('redeems an item: the ledger row and one mail to the account, the balance after', async () => {
    const player = await signIn(ctx.app, 'player4', 'player123');
    const shortId = await shortIdOf('player4');
    const id = await createItem(content, { title: 'Rương Anh Hùng', price: 120 });
    await grant(shortId, 300);
    const shop = (await call('GET', '/api/points/shop', player)).json().data.items;
    expect(shop.find((item: { id: number }) => item.id === id)).toMatchObject({ price: 120, left: null, mine: 0 });

    const redeemed = await call('POST', `/api/points/shop/${id}/redeem`, player);
    expect(redeemed.statusCode, redeemed.body).toBe(200);
    const redemption = redeemed.json().data;
    expect(redemption).toMatchObject({ title: 'Rương Anh Hùng', price: 120, balance: 180 });
    const mails = (await mailsOf(shortId)).filter((mail) => mail.source === 'points_redeem');
    expect(mails).toEqual([
      {
        title: 'Đổi điểm: Rương Anh Hùng',
        items: [{ itemId: 'hero_chest', quantity: 1 }],
        source: 'points_redeem',
        sourceId: redemption.id,
      },
    ]);
    const ledger = await ledgerOf(shortId);
    expect(ledger.rows.at(-1)).toEqual({
      kind: 'redeem',
      points: -120,
      sourceId: redemption.id,
      about: 'Rương Anh Hùng',
    });
    expect(ledger.balance).toBe(ledger.sum);
    const history = (await call('GET', '/api/points/history', player)).json().data;
    expect(history.items.map((entry: { kind: string; points: number }) => [entry.kind, entry.points])).toEqual([
      ['redeem', -120],
      ['adjust', 300],
    ]);
  });

  it('refuses not enough points, out of stock, the limit reached and an unpublished item, with stable codes', async () => {
    const player = await signIn(ctx.app, 'player5', 'player123');
    const shortId = await shortIdOf('player5');
    const dear = await createItem(content, { title: 'Quà đắt', price: 10_000 });
    const refused = await call('POST', `/api/points/shop/${dear}/redeem`, player);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'api.points.not_enough' });
    expect(refused.json().message).toBe('Bạn không đủ điểm để đổi quà này (hiện có 0 điểm).');

    await grant(shortId, 500);
    const stocked = await createItem(content, { title: 'Quà giới hạn', price: 10, stock: 1 });
    expect((await call('POST', `/api/points/shop/${stocked}/redeem`, player)).statusCode).toBe(200);
    const out = await call('POST', `/api/points/shop/${stocked}/redeem`, player);
    expect(out.json()).toMatchObject({ code: 'api.points.out_of_stock' });

    const limited = await createItem(content, { title: 'Mỗi người hai lần', price: 10, perPlayerLimit: 2 });
    for (let time = 0; time < 2; time += 1) {
      expect((await call('POST', `/api/points/shop/${limited}/redeem`, player)).statusCode).toBe(200);
    }
    const limit = await call('POST', `/api/points/shop/${limited}/redeem`, player);
    expect(limit.statusCode).toBe(409);
    expect(limit.json()).toMatchObject({ code: 'api.points.limit_reached' });

    const draft = await createItem(content, { title: 'Chưa đăng', price: 1 }, false);
    expect((await call('POST', `/api/points/shop/${draft}/redeem`, player)).json()).toMatchObject({
      code: 'api.points.item_not_found',
    });
    expect((await call('POST', '/api/points/shop/abc/redeem', player)).statusCode).toBe(400);
    const ledger = await ledgerOf(shortId);
    expect(ledger.balance).toBe(500 - 30);
    expect(ledger.balance).toBe(ledger.sum);
  });
});

describe('expiry', () => {
  it('writes off what expired first in first out, once, and never what was spent', async () => {
    const receiver = await freshReceiver();
    await pay(receiver); // 158 points, expiring in 12 months
    const userId = await userIdOf(receiver);
    await grant(receiver, -100); // spent 100 of the oldest
    const later = new Date(Date.now() + 13 * 31 * 86_400_000);
    expect(await expirePlayerPoints(ctx.database.db, userId, new Date())).toBe(0);
    expect(await expirePlayerPoints(ctx.database.db, userId, later)).toBe(58);
    expect(await expirePlayerPoints(ctx.database.db, userId, later)).toBe(0);
    const ledger = await ledgerOf(receiver);
    expect(ledger.rows.map((row) => [row.kind, row.points])).toEqual([
      ['earn', 158],
      ['adjust', -100],
      ['expire', -58],
    ]);
    expect(ledger.balance).toBe(0);
  });

  it('tells the player what expires within 30 days', async () => {
    const player = await signIn(ctx.app, 'player2', 'player123');
    const summary = (await call('GET', '/api/points', player)).json().data;
    expect(summary).toMatchObject({ balance: 0, expiringSoon: null, rate: 2, expiryMonths: 12 });
  });
});

describe('staff adjustments', () => {
  it('apply at once up to the threshold, refuse taking below zero, and wait for a second admin above it', async () => {
    const receiver = await freshReceiver();
    expect(await grant(receiver, 1000)).toMatchObject({ balance: 1000 });
    const tooMuch = await call('POST', '/api/internal/points/adjustments', finance, {
      shortId: receiver,
      points: -1001,
      reason: 'Thu hồi',
    });
    expect(tooMuch.statusCode).toBe(202); // above the threshold: it waits, judged when approved

    const pending = await call('POST', '/api/internal/points/adjustments', admin, {
      shortId: receiver,
      points: 5000,
      reason: 'Quà sự kiện',
    });
    expect(pending.statusCode).toBe(202);
    const approvalId = pending.json().data.approvalId ?? pending.json().data.id;
    expect((await ledgerOf(receiver)).balance).toBe(1000);
    const own = await call('POST', `/api/internal/approvals/${approvalId}/approve`, admin);
    expect(own.json().code).toBe('api.approval.own_request');
    const approved = await call('POST', `/api/internal/approvals/${approvalId}/approve`, admin2);
    expect(approved.statusCode, approved.body).toBe(200);
    expect((await call('POST', `/api/internal/approvals/${approvalId}/approve`, admin2)).statusCode).toBe(409);
    const ledger = await ledgerOf(receiver);
    expect(ledger.rows.map((row) => [row.kind, row.points, row.sourceId === approvalId])).toEqual([
      ['adjust', 1000, false],
      ['adjust', 5000, true],
    ]);
    expect(ledger.balance).toBe(6000);

    const below = await call('POST', '/api/internal/points/adjustments', finance, {
      shortId: receiver,
      points: -1,
      reason: 'x',
    });
    expect(below.statusCode).toBe(200);
    const fresh = await freshReceiver();
    const refused = await call('POST', '/api/internal/points/adjustments', finance, {
      shortId: fresh,
      points: -5,
      reason: 'Thu hồi',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Không thể trừ quá số điểm người chơi đang có (0 điểm).');
    const unknown = await call('POST', '/api/internal/points/adjustments', finance, {
      shortId: '000000000',
      points: 5,
      reason: 'x',
    });
    expect(unknown.json()).toMatchObject({ code: 'api.points.player_not_found' });
    const audits = rowsOf<{ count: number }>(
      await ctx.database.db.execute(sql`select count(*)::int as count from audit_log where action = 'points.adjust'
        and detail->>'shortId' = ${receiver}`),
    );
    expect(audits[0]!.count).toBe(3);
  });

  it("shows the staff a player's points and the analytics their figures", async () => {
    const receiver = await freshReceiver();
    await grant(receiver, 42);
    const player = (await call('GET', `/api/internal/points/players/${receiver}`, admin)).json().data;
    expect(player).toMatchObject({ balance: 42, entries: [{ kind: 'adjust', points: 42, about: 'Bù lỗi' }] });
    const today = new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);
    const figures = await call('GET', `/api/internal/analytics/points?from=${today}&to=${today}`, admin);
    expect(figures.statusCode, figures.body).toBe(200);
    const data = figures.json().data;
    expect(data.totals.issued).toBeGreaterThanOrEqual(42);
    const [sum] = rowsOf<{ total: string }>(
      await ctx.database.db.execute(sql`select coalesce(sum(points), 0) as total from points_ledger`),
    );
    expect(data.outstanding).toBe(Number(sum!.total));
  });
});
