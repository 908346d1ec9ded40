import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/rows';
import { bearer, signIn, useTestApp } from './helpers';
import { promotionCalls } from './promotion-helpers';
import { order, postWebhook, sepayEvent } from './store-helpers';

// Promotions (issue 26, decision record 035): staff calls with audit and step-up, and each kind decided
// when the order is paid, delivered with the order's mail once. Each case targets its own packs.

const ctx = useTestApp();
const { call, createPromotion, mailsOf, freshReceiver } = promotionCalls(ctx);
let content: string;
let admin: string;

beforeAll(async () => {
  content = await signIn(ctx.app, 'content1', 'staff123');
  admin = await signIn(ctx.app, 'admin1', 'admin123');
});

/** The order's bonus as the receipt reads it (none: []). */
const bonusOf = async (orderId: string) =>
  rowsOf<{ bonus: unknown[] | null }>(
    await ctx.database.db.execute(sql`select bonus_items as bonus from orders where id = ${orderId}`),
  )[0]!.bonus ?? [];

async function pay(shortId: string, productId: number, extra = 0) {
  const placed = await order(ctx.app, shortId, productId);
  const event = sepayEvent(placed.code, placed.totalPrice + extra);
  expect((await postWebhook(ctx.app, event)).statusCode).toBe(200);
  return { ...placed, event, bonus: await bonusOf(placed.id) };
}

describe('promotions from the console', () => {
  it('are drafts until published, found without diacritics, audited in both states', async () => {
    const id = await createPromotion(
      content,
      { kind: 'bonus_window', title: 'Tuần Lễ Vàng Đỏ', percent: 10, packIds: [999_999] },
      false,
    );
    const list = (await call('GET', '/api/internal/promotions?q=tuan le vang&state=draft', content)).json().data;
    expect(list.items.map((item: { id: number }) => item.id)).toEqual([id]);
    expect(list.items[0]).toMatchObject({ state: 'draft', published: null, claims: 0 });
    const running = (await call('GET', '/api/store/promotions')).json().data.promotions;
    expect(running.map((promotion: { id: number }) => promotion.id)).not.toContain(id);

    const edited = await call('PUT', `/api/internal/promotions/${id}`, content, {
      ...list.items[0].draft,
      percent: 20,
    });
    expect(edited.json().data).toMatchObject({ state: 'draft', draft: { percent: 20 } });
    const published = await call('POST', `/api/internal/promotions/${id}/publish`, content);
    expect(published.json().data).toMatchObject({ state: 'published', published: { percent: 20 } });
    const shown = (await call('GET', '/api/store/promotions')).json().data.promotions;
    expect(shown.find((promotion: { id: number }) => promotion.id === id)).toMatchObject({ percent: 20 });

    const audits = rowsOf<{ action: string; detail: { before: object; after: object } }>(
      await ctx.database.db.execute(sql`select action, detail from audit_log
        where target_type = 'promotion' and target_id = ${String(id)} order by created_at`),
    );
    expect(audits.map((audit) => audit.action)).toEqual(['promotion.create', 'promotion.update', 'promotion.publish']);
    expect(audits[1]!.detail).toMatchObject({ before: { percent: 10 }, after: { percent: 20 } });
  });

  it('name the packs they target for the console: a pack, an option of a selectable pack, an id no pack has', async () => {
    const id = await createPromotion(content, { kind: 'bonus_window', percent: 5, packIds: [601, 45, 999_997] }, false);
    const named = (await call('GET', `/api/internal/promotions/${id}`, content)).json().data;
    expect(named.draft.packIds).toEqual([601, 45, 999_997]);
    expect(named.packs).toEqual([
      { id: 601, title: '120 Kim Cương' },
      { id: 45, title: 'Gói Bốc Thăm Tùy Chọn · Rương Bốc Thăm Bí Ẩn' },
      { id: 999_997, title: null },
    ]);
    const listed = (await call('GET', '/api/internal/promotions?state=draft&pageSize=100', content)).json().data.items;
    expect(listed.find((item: { id: number }) => item.id === id).packs).toEqual(named.packs);
  });

  it('refuse a bad body field by field in Vietnamese, a player, and any write without step-up', async () => {
    const bad = await call('POST', '/api/internal/promotions', content, {
      kind: 'first_topup',
      title: 'Nạp lần đầu',
      startsAt: '2026-12-01T20:00:00+07:00',
      endsAt: '2026-12-01T19:00:00+07:00',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({
      endsAt: ['Thời điểm kết thúc phải sau thời điểm bắt đầu.'],
      items: ['Hãy chọn nhân đôi gói hoặc thêm ít nhất một vật phẩm tặng.'],
    });
    const untitled = await call('POST', '/api/internal/promotions', content, { kind: 'bonus_window', title: ' ' });
    expect(untitled.json().errors).toMatchObject({ title: ['Vui lòng nhập tên khuyến mãi.'] });
    const player = await signIn(ctx.app, 'player1', 'player123');
    expect((await call('GET', '/api/internal/promotions', player)).statusCode).toBe(403);
    const id = await createPromotion(content, { kind: 'first_topup', double: true, packIds: [999_998] }, false);
    const stale = await signIn(ctx.app, 'content1', 'staff123', 'another device');
    expect((await call('DELETE', '/api/auth/step-up', stale)).statusCode).toBe(200);
    const body = { kind: 'first_topup', title: 'Nạp lần đầu', double: true, packIds: [999_998] };
    const refusals = [
      await call('POST', '/api/internal/promotions', stale, body),
      await call('PUT', `/api/internal/promotions/${id}`, stale, body),
      await call('POST', `/api/internal/promotions/${id}/publish`, stale),
    ];
    expect(refusals.map((refused) => [refused.statusCode, refused.json().code])).toEqual(
      refusals.map(() => [428, 'api.auth.step_up_required']),
    );
  });
});

describe('promotions decided when an order is paid', () => {
  it('first top-up: the first paid order of a receiver gets its contents doubled and the items, once', async () => {
    await createPromotion(admin, {
      kind: 'first_topup',
      double: true,
      items: [{ itemId: 'hero_chest', quantity: 1 }],
      packIds: [601, 602],
    });
    const receiver = await freshReceiver();
    const first = await pay(receiver, 601);
    expect(first.bonus).toEqual([
      { itemId: 'diamond', quantity: 120 },
      { itemId: 'hero_chest', quantity: 1 },
    ]);
    const second = await pay(receiver, 602);
    expect(second.bonus).toEqual([]);
    const mails = await mailsOf(receiver);
    expect(mails).toHaveLength(2);
    expect(mails[0]!.items).toEqual([
      { itemId: 'diamond', quantity: 120 },
      { itemId: 'diamond', quantity: 120 },
      { itemId: 'hero_chest', quantity: 1 },
    ]);
    expect(mails[1]!.items).toEqual([{ itemId: 'diamond', quantity: 200 }]);
  });

  it('bonus window: +N% of each item rounded down, up to the per-player cap', async () => {
    const id = await createPromotion(admin, { kind: 'bonus_window', percent: 15, perPlayerCap: 2, packIds: [603] });
    const receiver = await freshReceiver();
    const bonuses = [];
    for (let round = 0; round < 3; round += 1) bonuses.push((await pay(receiver, 603)).bonus);
    // 330 × 15% = 49.5 → 49.
    expect(bonuses).toEqual([[{ itemId: 'diamond', quantity: 49 }], [{ itemId: 'diamond', quantity: 49 }], []]);
    const staff = (await call('GET', `/api/internal/promotions/${id}`, admin)).json().data;
    expect(staff.claims).toBe(2);
  });

  it('spend milestones: each threshold passed sends its own mail once; a refund keeps a delivered bonus', async () => {
    await createPromotion(admin, {
      kind: 'spend_milestones',
      title: 'Đua top nạp',
      packIds: [604],
      milestones: [
        { threshold: 200_000, items: [{ itemId: 'gold', quantity: 1000 }] },
        { threshold: 500_000, items: [{ itemId: 'hero_chest', quantity: 2 }] },
        { threshold: 1_000_000, items: [{ itemId: 'legend_hero_shard', quantity: 5 }] },
      ],
    });
    await createPromotion(admin, { kind: 'bonus_window', percent: 10, packIds: [604] });
    const receiver = await freshReceiver();
    const paid = await pay(receiver, 604, 3_000); // 249,000đ: passes 200,000
    await pay(receiver, 604); // 498,000đ
    await pay(receiver, 604); // 747,000đ: passes 500,000
    const titles = (await mailsOf(receiver)).map((mail) => mail.title);
    expect(titles.filter((title) => title.startsWith('Quà mốc nạp'))).toEqual([
      'Quà mốc nạp 200,000đ — Đua top nạp',
      'Quà mốc nạp 500,000đ — Đua top nạp',
    ]);
    expect(titles).toHaveLength(5);

    // The surplus of the first order is refunded: its bonus stays, and the refund says so.
    expect(paid.bonus).toEqual([{ itemId: 'diamond', quantity: 65 }]);
    const [stored] = rowsOf<{ id: string }>(
      await ctx.database.db.execute(sql`select id from bank_events where provider_id = ${String(paid.event.id)}`),
    );
    const refund = await ctx.app.inject({
      method: 'POST',
      url: `/api/internal/bank-events/${stored!.id}/refund`,
      headers: bearer(admin),
      payload: { amount: 3_000, bankReference: 'FT-OUT-9', reason: 'Hoàn tiền thừa' },
    });
    expect(refund.statusCode, refund.body).toBe(200);
    expect(await bonusOf(paid.id)).toEqual([{ itemId: 'diamond', quantity: 65 }]);
    const [audit] = rowsOf<{ detail: { bonusKept?: unknown } }>(
      await ctx.database.db.execute(sql`select detail from audit_log where action = 'bank_event.refund'
        and target_id = ${stored!.id}`),
    );
    expect(audit!.detail.bonusKept).toEqual([{ itemId: 'diamond', quantity: 65 }]);
  });
});
