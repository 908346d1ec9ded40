import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { rowsOf } from '../src/db/rows';
import type { TestContext } from './helpers';
import { promotionCalls } from './promotion-helpers';
import { order, postWebhook, sepayEvent } from './store-helpers';

/** The calls the VIP suites make, on one test app. */
export function vipCalls(ctx: TestContext) {
  const { call } = promotionCalls(ctx);

  /** A new tier, published unless said; its id. */
  async function createTier(token: string, body: object, publish = true): Promise<number> {
    const created = await call('POST', '/api/internal/vip-tiers', token, body);
    expect(created.statusCode, created.body).toBe(200);
    const { id } = created.json().data;
    if (publish) {
      const published = await call('POST', `/api/internal/vip-tiers/${id}/publish`, token);
      expect(published.statusCode, published.body).toBe(200);
    }
    return id;
  }

  /** Orders `count` of a product for the receiver and pays them all at once (each webhook three times). */
  async function payAtOnce(shortId: string, productId: number, count: number) {
    const placed = [];
    for (let index = 0; index < count; index += 1) placed.push(await order(ctx.app, shortId, productId));
    const events = placed.map((entry) => sepayEvent(entry.code, entry.totalPrice));
    const responses = await Promise.all(
      events.flatMap((event) => [event, event, event].map((copy) => postWebhook(ctx.app, copy))),
    );
    expect(responses.every((response) => response.statusCode === 200)).toBe(true);
    return placed;
  }

  /** The receiver's VIP gift mails. */
  const giftsOf = async (shortId: string) =>
    rowsOf<{ title: string; items: { itemId: string; quantity: number }[]; sourceId: string }>(
      await ctx.database.db.execute(sql`select title, items, source_id as "sourceId" from mails
        where receiver_short_id = ${shortId} and source = 'vip_gift' order by created_at`),
    );

  const userIdOf = async (shortId: string) =>
    rowsOf<{ id: string }>(await ctx.database.db.execute(sql`select id from users where short_id = ${shortId}`))[0]!.id;

  return { createTier, payAtOnce, giftsOf, userIdOf };
}
