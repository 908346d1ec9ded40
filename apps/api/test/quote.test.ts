import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/rows';
import { signIn, useTestApp } from './helpers';
import { promotionCalls } from './promotion-helpers';
import { createTestPack, order, postWebhook, sepayEvent } from './store-helpers';

// The quote (issue 41, decision record 058): the dialog's one call per receiver, the snapshot the order
// keeps, and the bonus the paying transaction gives by the same rule. Each case targets its own packs.

const ctx = useTestApp();
const { call, iso, createPromotion, freshReceiver } = promotionCalls(ctx);
let content: string;
let admin: string;

beforeAll(async () => {
  content = await signIn(ctx.app, 'content1', 'staff123');
  admin = await signIn(ctx.app, 'admin1', 'admin123');
});

async function quotesOf(packId: number, receiver?: string) {
  const answer = await call('GET', `/api/store/quote?packId=${packId}${receiver ? `&receiver=${receiver}` : ''}`);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().data.quotes;
}

const orderRow = async (id: string) =>
  rowsOf<{ quote: Record<string, unknown>; totalPrice: number; bonus: unknown[] | null }>(
    await ctx.database.db.execute(
      sql`select quote, total_price as "totalPrice", bonus_items as bonus from orders where id = ${id}`,
    ),
  )[0]!;

describe('the quote of a pack for one receiver', () => {
  it('is what the order keeps, and the bonus it shows is the one the payment gives, once', async () => {
    const packId = await createTestPack(ctx.app, content, {
      price: 100_000,
      limit: { kind: 'daily' },
      stock: 5,
      sale: { price: 80_000, startsAt: iso(-60_000), endsAt: iso(3_600_000) },
    });
    await createPromotion(admin, {
      kind: 'first_topup',
      items: [{ itemId: 'hero_chest', quantity: 1 }],
      packIds: [packId],
    });
    await createPromotion(admin, { kind: 'bonus_window', percent: 10, packIds: [packId] });
    const receiver = await freshReceiver();

    const [before] = await quotesOf(packId, receiver);
    expect(before).toMatchObject({
      productId: packId,
      listPrice: 100_000,
      price: 80_000,
      sale: { price: 80_000 },
      limit: { kind: 'daily', count: 1, used: 0, left: 1 },
      stock: { total: 5, left: 5 },
      refusal: null,
      tierBonus: [],
      points: 0,
    });
    expect(before.bonuses.map((bonus: { kind: string; items: unknown }) => [bonus.kind, bonus.items])).toEqual([
      ['first_topup', [{ itemId: 'hero_chest', quantity: 1 }]],
      ['bonus_window', [{ itemId: 'diamond', quantity: 10 }]],
    ]);

    const placed = await order(ctx.app, receiver, packId);
    const kept = await orderRow(placed.id);
    expect(kept.totalPrice).toBe(80_000);
    expect(kept.quote).toEqual({ ...before, at: expect.any(String) });
    // The unpaid order holds a unit of the stock for everyone.
    expect((await quotesOf(packId))[0].stock).toEqual({ total: 5, left: 4 });

    expect((await postWebhook(ctx.app, sepayEvent(placed.code, 80_000))).statusCode).toBe(200);
    expect((await orderRow(placed.id)).bonus).toEqual([
      { itemId: 'hero_chest', quantity: 1 },
      { itemId: 'diamond', quantity: 10 },
    ]);
    const [after] = await quotesOf(packId, receiver);
    expect(after).toMatchObject({ limit: { used: 1, left: 0 }, refusal: 'limit_reached', bonuses: [] });
    // Someone else still sees the first top-up and the window.
    expect((await quotesOf(packId, await freshReceiver()))[0].bonuses).toHaveLength(2);
  });

  it('quotes each option of a selectable pack, and says when a pack is sold out', async () => {
    const packId = await createTestPack(ctx.app, content, {
      price: 20_000,
      options: [
        { title: 'Nhỏ', value: 20_000, items: [{ itemId: 'gold', quantity: 10 }] },
        { title: 'Lớn', value: 50_000, items: [{ itemId: 'gold', quantity: 30 }], limit: { kind: 'weekly' } },
      ],
    });
    const quotes = await quotesOf(packId);
    expect(
      quotes.map((offer: { title: string; price: number; limit: unknown }) => [offer.title, offer.price, offer.limit]),
    ).toEqual([
      ['Nhỏ', 20_000, null],
      ['Lớn', 50_000, { kind: 'weekly', count: 1, used: 0, left: 1 }],
    ]);
    expect(quotes.every((offer: { packId: number }) => offer.packId === packId)).toBe(true);
    const single = await createTestPack(ctx.app, content, { price: 10_000, stock: 1 });
    await order(ctx.app, await freshReceiver(), single);
    const [soldOut] = await quotesOf(single, await freshReceiver());
    expect(soldOut).toMatchObject({ stock: { total: 1, left: 0 }, refusal: 'sold_out' });
  });

  it('refuses an unknown User ID and a bad pack id; a pack that does not show has no quotes', async () => {
    const unknown = await call('GET', '/api/store/quote?packId=601&receiver=1234567');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().code).toBe('api.user.not_found');
    const bad = await call('GET', '/api/store/quote?packId=abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('api.validation');
    const hidden = await createTestPack(ctx.app, content, { price: 10_000 }, false);
    expect(await quotesOf(hidden)).toEqual([]);
    expect(await quotesOf(999_999)).toEqual([]);
  });
});

describe("the staff's preview of the store", () => {
  it('quotes every product for anyone at the chosen moment, with the promotions running then', async () => {
    const HOUR = 3_600_000;
    const packId = await createTestPack(ctx.app, content, { price: 100_000 });
    const promotionId = await createPromotion(admin, {
      kind: 'bonus_window',
      title: 'Giờ vàng sắp tới',
      percent: 20,
      packIds: [packId],
      startsAt: iso(HOUR),
      endsAt: iso(3 * HOUR),
    });
    const previewAt = async (offset: number) => {
      const answer = await call('GET', `/api/internal/preview/store?at=${encodeURIComponent(iso(offset))}`, content);
      expect(answer.statusCode, answer.body).toBe(200);
      const data = answer.json().data;
      return {
        promotionIds: data.promotions.map((promotion: { id: number }) => promotion.id),
        offer: data.quotes.find((offer: { productId: number }) => offer.productId === packId),
      };
    };
    const now = await previewAt(0);
    expect(now.promotionIds).not.toContain(promotionId);
    expect(now.offer).toMatchObject({ price: 100_000, bonuses: [] });
    const later = await previewAt(2 * HOUR);
    expect(later.promotionIds).toContain(promotionId);
    expect(later.offer.bonuses).toEqual([
      { promotionId, kind: 'bonus_window', title: 'Giờ vàng sắp tới', items: [{ itemId: 'diamond', quantity: 20 }] },
    ]);
  });
});
