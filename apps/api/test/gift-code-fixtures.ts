import { expect } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { users, sessions } from '../src/db/schema';
import type { Db } from '../src/db/client';
import { bearer } from './helpers';

export interface TestPlayer {
  id: string;
  shortId: string;
  token: string;
}

let made = 0;

/** Inserts players (with live sessions) straight into the database: many, fast, no password hashing. */
export async function createPlayers(
  db: Db,
  app: FastifyInstance,
  count: number,
  options: { createdAt?: Date } = {},
): Promise<TestPlayer[]> {
  const tag = `${process.pid % 1000}${made++}`;
  const rows = Array.from({ length: count }, (_, i) => ({
    shortId: `9${tag}${i}`.slice(0, 10),
    displayName: `Người chơi ${tag}-${i}`,
    createdAt: options.createdAt ?? new Date(),
  }));
  const players: TestPlayer[] = [];
  for (let i = 0; i < rows.length; i += 500) {
    const inserted = await db
      .insert(users)
      .values(rows.slice(i, i + 500))
      .returning({ id: users.id, shortId: users.shortId });
    const live = await db
      .insert(sessions)
      .values(inserted.map((user) => ({ userId: user.id, expiresAt: new Date(Date.now() + 86_400_000) })))
      .returning({ id: sessions.id, userId: sessions.userId });
    for (const [index, session] of live.entries()) {
      const user = inserted[index]!;
      players.push({ id: user.id, shortId: user.shortId, token: await app.tokens.sign(session.id, session.userId) });
    }
  }
  return players;
}

export const claimRequest = (token: string, code: unknown, remoteAddress = '10.1.0.1') => ({
  method: 'POST' as const,
  url: '/api/gift-codes/claim',
  headers: bearer(token),
  payload: { code },
  remoteAddress,
});

/**
 * A gift-code suite's calls on its app: a player's claim, a staff call (the admin's token unless
 * given) and a code created by staff. `admin` is read at call time: suites sign in in `beforeAll`.
 */
export function giftCodeCalls(ctx: { app: FastifyInstance }, admin: () => string) {
  const claim = (token: string, code: unknown, ip?: string) => ctx.app.inject(claimRequest(token, code, ip));
  const staff = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, token = admin()) =>
    ctx.app.inject({
      method,
      url: `/api/internal/gift-codes${url}`,
      headers: bearer(token),
      payload: payload as object,
    });
  const createCode = async (body: Record<string, unknown>) => {
    const response = await staff('POST', '/create-one', {
      name: 'Thử',
      rewards: [{ itemId: 'diamond', quantity: 5 }],
      ...body,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  };
  return { claim, staff, createCode };
}
