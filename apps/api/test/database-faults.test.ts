import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app';
import { openDatabase, type Database } from '../src/db/client';
import { rowsOf } from '../src/db/rows';
import { seedDemoData } from '../src/db/seed';
import { demoGiftCodes } from '../src/db/seed/gift-codes';
import { STALE_SESSION_MS } from '../src/plugins/auth';
import { claimRequest } from './gift-code-fixtures';
import { bearer, signIn, testConfig } from './helpers';

/**
 * The database going away is a 503 with Retry-After, never a sign-out (decision 025): a PGlite in a
 * folder, closed under the app (every query then fails as PostgreSQL's would while it restarts), and
 * opened again afterwards to see that nothing was written.
 */
const folder = mkdtempSync(join(tmpdir(), 'carabala-db-faults-'));
let database: Database;
let app: FastifyInstance;
let cached: string;
let uncached: string;
let playerId: string;
let writtenBefore: number[];

/** The player's gift-code claims and mails. */
async function written(db: Database['db']): Promise<number[]> {
  const count = async (query: ReturnType<typeof sql>) => rowsOf<{ total: number }>(await db.execute(query))[0]!.total;
  return [
    await count(sql`select count(*)::int as total from gift_code_claims where user_id = ${playerId}`),
    await count(sql`select count(*)::int as total from mails where receiver_id = ${playerId}`),
  ];
}

beforeAll(async () => {
  database = openDatabase({ pgliteDir: folder });
  await database.migrate();
  await seedDemoData(database.db, testConfig().JWT_SECRET);
  app = await buildApp({ config: testConfig({ UPLOAD_DIR: join(folder, 'uploads') }), database, ownsDatabase: false });
  cached = await signIn(app, 'player1', 'player123');
  uncached = await signIn(app, 'player2', 'player123');
  const me = await app.inject({ url: '/api/me', headers: bearer(cached) });
  expect(me.statusCode).toBe(200);
  playerId = me.json().data.id;
  writtenBefore = await written(database.db);
  await database.close();
}, 60_000);
afterEach(() => vi.restoreAllMocks());
afterAll(async () => {
  await app?.close();
  rmSync(folder, { recursive: true, force: true });
});

/** Moves the clock the session cache reads forward. */
const later = (ms: number) => {
  const now = Date.now();
  vi.spyOn(Date, 'now').mockReturnValue(now + ms);
};

const expectUnavailable = (response: Awaited<ReturnType<FastifyInstance['inject']>>) => {
  expect(response.statusCode).toBe(503);
  expect(response.headers['retry-after']).toBe('5');
  expect(response.json()).toEqual({ code: 'api.unavailable', message: 'Hệ thống đang bận, vui lòng thử lại sau.' });
};

describe('with the database unreachable', () => {
  it('serves a session read in the last minutes from the cache, past its usual 30 seconds', async () => {
    later(60_000);
    const me = await app.inject({ url: '/api/me', headers: bearer(cached) });
    expect(me.statusCode).toBe(200);
    expect(me.json().data.id).toBe(playerId);
  });

  it('answers 503 with Retry-After, never 401, for a session beyond that window or never cached', async () => {
    later(STALE_SESSION_MS + 1000);
    expectUnavailable(await app.inject({ url: '/api/me', headers: bearer(cached) }));
    vi.restoreAllMocks();
    expectUnavailable(await app.inject({ url: '/api/me', headers: bearer(uncached) }));
    // A token that is no token is still refused as such.
    expect((await app.inject({ url: '/api/me', headers: bearer('not-a-token') })).statusCode).toBe(401);
  });

  it('answers a write with 503 and a sign-in with 503, not 500', async () => {
    later(60_000);
    expectUnavailable(await app.inject(claimRequest(cached, demoGiftCodes.working)));
    vi.restoreAllMocks();
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/carabala',
      payload: { username: 'player3', password: 'player123', deviceId: 'carabala.web.test' },
    });
    expectUnavailable(login);
  });

  it('is not ready, and says which check failed', async () => {
    const ready = await app.inject('/api/ready');
    expect(ready.statusCode).toBe(503);
    expect(ready.headers['retry-after']).toBe('5');
    expect(ready.json()).toEqual({
      code: 'api.unavailable',
      data: { status: 'database unreachable', checks: { database: 'failed', storage: 'ok' } },
    });
  });

  it('wrote nothing of the refused claim', async () => {
    const reopened = openDatabase({ pgliteDir: folder });
    try {
      expect(await written(reopened.db)).toEqual(writtenBefore);
    } finally {
      await reopened.close();
    }
  });
});
