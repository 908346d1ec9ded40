import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app';
import { openDatabase, type Database } from '../src/db/client';
import { rowsOf } from '../src/db/rows';
import { seedDemoData } from '../src/db/seed';
import { demoGiftCodes } from '../src/db/seed/gift-codes';
import { claimRequest } from './gift-code-fixtures';
import { bearer, createTestDatabase, signIn, testConfig } from './helpers';
import { startTcpProxy } from './stand-ins/tcp-proxy';

/**
 * PostgreSQL going away under the app (decision 025): the app's pool reaches the server through a
 * proxy the test stops, which cuts its connections and refuses new ones as a stopped server does.
 * Cached sessions keep working, the rest is 503 with Retry-After (never 401), nothing is half-written,
 * and everything answers again within seconds of the return.
 */
let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
let direct: Awaited<ReturnType<typeof createTestDatabase>>;
let proxied: Database;
let app: FastifyInstance;
let cached: string;
let uncached: string;
let playerId: string;

const claims = async () =>
  rowsOf<{ total: number }>(
    await direct.database.db.execute(
      sql`select count(*)::int as total from gift_code_claims where user_id = ${playerId}`,
    ),
  )[0]!.total;

beforeAll(async () => {
  direct = await createTestDatabase();
  await seedDemoData(direct.database.db, testConfig().JWT_SECRET);
  const url = new URL(direct.url!);
  proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
  url.hostname = '127.0.0.1';
  url.port = String(proxy.port());
  proxied = openDatabase({ url: url.toString(), poolSize: 4 });
  app = await buildApp({ config: testConfig(), database: proxied, ownsDatabase: false });
  cached = await signIn(app, 'player1', 'player123');
  uncached = await signIn(app, 'player2', 'player123');
  const me = await app.inject({ url: '/api/me', headers: bearer(cached) });
  playerId = me.json().data.id;
}, 60_000);
afterEach(() => vi.restoreAllMocks());
afterAll(async () => {
  await app?.close();
  await proxied?.close();
  await proxy?.stop();
  await direct?.drop();
});

const expectUnavailable = (response: Awaited<ReturnType<FastifyInstance['inject']>>) => {
  expect(response.statusCode).toBe(503);
  expect(response.headers['retry-after']).toBe('5');
  expect(response.json().code).toBe('api.unavailable');
};

describe('PostgreSQL stopped under the app', () => {
  it('keeps cached sessions, answers the rest 503 (never 401), writes nothing, and recovers', async () => {
    const claimsBefore = await claims();
    await proxy.stop();

    // Past the 30 s of the session cache, within its stale window.
    const now = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(now + 60_000);
    expect((await app.inject({ url: '/api/me', headers: bearer(cached) })).statusCode).toBe(200);
    expectUnavailable(await app.inject(claimRequest(cached, demoGiftCodes.working)));
    vi.restoreAllMocks();
    expectUnavailable(await app.inject({ url: '/api/me', headers: bearer(uncached) }));
    expectUnavailable(await app.inject('/api/ready'));
    expect(await claims()).toBe(claimsBefore);

    await proxy.start();
    const back = performance.now();
    await expect
      .poll(async () => (await app.inject({ url: '/api/me', headers: bearer(uncached) })).statusCode, {
        timeout: 5000,
        interval: 50,
      })
      .toBe(200);
    expect(performance.now() - back).toBeLessThan(5000);
    expect((await app.inject('/api/ready')).statusCode).toBe(200);
    expect((await app.inject(claimRequest(cached, demoGiftCodes.working))).json().code).toBe('api.success');
    expect(await claims()).toBe(claimsBefore + 1);
  });
});
