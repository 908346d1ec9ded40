import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/rows';
import { bearer, signIn, useTestApp } from './helpers';

// Races need real connections: PostgreSQL only. 20 check-ins of one account at the same moment give one
// claim and one mail (the unique (user, day) key), and every other answer is the "already" refusal.

const ctx = useTestApp();
let content: string;

const call = (method: InjectOptions['method'], url: string, token: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

beforeAll(async () => {
  content = await signIn(ctx.app, 'content1', 'staff123');
  const days = Array.from({ length: 7 }, () => ({ items: [{ itemId: 'hero_chest', quantity: 1 }] }));
  expect((await call('PUT', '/api/internal/checkin/calendar', content, { title: 'Đua', days })).statusCode).toBe(200);
  expect((await call('POST', '/api/internal/checkin/calendar/publish', content)).statusCode).toBe(200);
});

describe('check-ins under concurrency', () => {
  it('20 concurrent check-ins of one account give one reward', async () => {
    const player = await signIn(ctx.app, 'player4', 'player123');
    const answers = await Promise.all(Array.from({ length: 20 }, () => call('POST', '/api/checkin', player)));
    const tally: Record<string, number> = {};
    for (const answer of answers)
      tally[`${answer.statusCode} ${answer.json().code}`] =
        (tally[`${answer.statusCode} ${answer.json().code}`] ?? 0) + 1;
    expect(tally).toEqual({ '200 api.success': 1, '409 api.checkin.already': 19 });

    const stored = rowsOf<{ claims: number; mails: number }>(
      await ctx.database.db.execute(sql`select
        (select count(*)::int from checkin_claims c join users u on u.id = c.user_id where u.username = 'player4') as claims,
        (select count(*)::int from mails m join users u on u.id = m.receiver_id
          where u.username = 'player4' and m.source = 'checkin') as mails`),
    )[0]!;
    expect(stored).toEqual({ claims: 1, mails: 1 });
  });
});
