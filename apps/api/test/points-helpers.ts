import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { rowsOf } from '../src/db/rows';
import type { TestContext } from './helpers';
import { promotionCalls } from './promotion-helpers';

/** The calls the points suites make, on one test app. */
export function pointsCalls(ctx: TestContext) {
  const { call, freshReceiver, mailsOf } = promotionCalls(ctx);

  /** Publishes the points settings (rate per 1,000đ, expiry months, approval threshold). */
  async function publishSettings(
    token: string,
    settings: { rate: number; expiryMonths: number; approvalThreshold: number },
  ) {
    const saved = await call('PUT', '/api/internal/points/settings', token, settings);
    expect(saved.statusCode, saved.body).toBe(200);
    const published = await call('POST', '/api/internal/points/settings/publish', token);
    expect(published.statusCode, published.body).toBe(200);
  }

  /** A new shop item, published unless said; its id. */
  async function createItem(token: string, body: object, publish = true): Promise<number> {
    const created = await call('POST', '/api/internal/points/items', token, {
      title: 'Rương điểm',
      items: [{ itemId: 'hero_chest', quantity: 1 }],
      price: 100,
      ...body,
    });
    expect(created.statusCode, created.body).toBe(200);
    const { id } = created.json().data;
    if (publish) expect((await call('POST', `/api/internal/points/items/${id}/publish`, token)).statusCode).toBe(200);
    return id;
  }

  /** A user's ledger rows, oldest first, and their balance row. */
  async function ledgerOf(shortId: string) {
    const rows = rowsOf<{ kind: string; points: number; sourceId: string; about: string | null }>(
      await ctx.database.db.execute(sql`select l.kind, l.points, l.source_id as "sourceId", l.about from points_ledger l
        join users u on u.id = l.user_id where u.short_id = ${shortId} order by l.id`),
    );
    const [balance] = rowsOf<{ balance: string | number }>(
      await ctx.database.db.execute(sql`select b.balance from points_balances b join users u on u.id = b.user_id
        where u.short_id = ${shortId}`),
    );
    return { rows, balance: Number(balance?.balance ?? 0), sum: rows.reduce((total, row) => total + row.points, 0) };
  }

  const userIdOf = async (shortId: string) =>
    rowsOf<{ id: string }>(await ctx.database.db.execute(sql`select id from users where short_id = ${shortId}`))[0]!.id;

  /** A player account with a password (for the player's own calls); its game id. */
  const shortIdOf = async (username: string) =>
    rowsOf<{ shortId: string }>(
      await ctx.database.db.execute(sql`select short_id as "shortId" from users where username = ${username}`),
    )[0]!.shortId;

  return { call, freshReceiver, mailsOf, publishSettings, createItem, ledgerOf, userIdOf, shortIdOf };
}
