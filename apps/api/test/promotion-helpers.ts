import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { expect } from 'vitest';
import { rowsOf } from '../src/db/rows';
import { users } from '../src/db/schema';
import { bearer, type TestContext } from './helpers';

/** The calls the promotions suites make, on one test app. */
export function promotionCalls(ctx: TestContext) {
  const call = (method: InjectOptions['method'], url: string, token?: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });
  const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

  /** A new promotion running from a minute ago for an hour, published unless said; its id. */
  async function createPromotion(token: string, body: object, publish = true): Promise<number> {
    const created = await call('POST', '/api/internal/promotions', token, {
      title: 'Khuyến mãi thử nghiệm',
      startsAt: iso(-60_000),
      endsAt: iso(3_600_000),
      ...body,
    });
    expect(created.statusCode, created.body).toBe(200);
    const { id } = created.json().data;
    if (publish) {
      const published = await call('POST', `/api/internal/promotions/${id}/publish`, token);
      expect(published.statusCode, published.body).toBe(200);
    }
    return id;
  }

  /** The mails of a receiver (game id), oldest first. */
  const mailsOf = async (shortId: string) =>
    rowsOf<{ title: string; items: { itemId: string; quantity: number }[]; source: string; sourceId: string }>(
      await ctx.database.db.execute(sql`select title, items, source, source_id as "sourceId" from mails
        where receiver_short_id = ${shortId} order by created_at, id`),
    );

  /** A new player who has paid nothing yet; their game id. */
  async function freshReceiver(): Promise<string> {
    const shortId = `7${String(Math.floor(Math.random() * 100_000_000)).padStart(8, '0')}`;
    await ctx.database.db.insert(users).values({ shortId, displayName: `Người nhận ${shortId}` });
    return shortId;
  }

  return { call, iso, createPromotion, mailsOf, freshReceiver };
}
