import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app';
import { seedDemoData } from '../src/db/seed';
import { claimRequest, createPlayers } from './gift-code-fixtures';
import { bearer, createTestDatabase, signIn, testConfig } from './helpers';
import { startRedisServer } from './stand-ins/redis-server';

/**
 * Redis is an accelerator, never a single point of failure (decision 025): a Redis this suite starts
 * and kills. While it is away every call is served at once from each process's memory, the login
 * throttle and the gift-code guess limit still refuse, and when it returns the shared counts are used again.
 */
const METRICS_TOKEN = 'metrics-token-for-redis-faults';

let redis: Awaited<ReturnType<typeof startRedisServer>>;
let inspector: Redis;
let first: FastifyInstance;
let second: FastifyInstance;
let drop: () => Promise<void>;
const consoleErrors = vi.spyOn(console, 'error');

beforeAll(async () => {
  redis = await startRedisServer();
  inspector = new Redis(redis.url, { lazyConnect: true, maxRetriesPerRequest: 0, enableOfflineQueue: false });
  inspector.on('error', () => undefined);
  const created = await createTestDatabase();
  drop = created.drop;
  await seedDemoData(created.database.db, testConfig().JWT_SECRET);
  const config = testConfig({
    REDIS_URL: redis.url,
    METRICS_TOKEN,
    SESSION_CACHE_SECONDS: '300',
    LOGIN_FAILURES_PER_ACCOUNT: '3',
    GIFT_CODE_FAILURES_PER_PLAYER: '3',
  });
  first = await buildApp({ config, database: created.database, ownsDatabase: false });
  second = await buildApp({ config, database: created.database, ownsDatabase: false });
  await Promise.all([first.ready(), second.ready()]);
}, 60_000);
afterAll(async () => {
  await first?.close();
  await second?.close();
  inspector?.disconnect();
  await redis?.stop();
  await drop?.();
});

const metric = async (app: FastifyInstance, name: string) => {
  const text = (await app.inject({ url: '/api/metrics', headers: bearer(METRICS_TOKEN) })).body;
  return Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1]);
};
const sharedCount = async (ip: string) => {
  if (inspector.status !== 'ready') {
    // connect() refuses while the client is already reconnecting by itself: wait for it either way.
    await inspector.connect().catch(() => undefined);
    await expect.poll(() => inspector.status, { timeout: 5000, interval: 50 }).toBe('ready');
  }
  return Number(await inspector.get(`fastify-rate-limit-${ip}`));
};
const login = (app: FastifyInstance, username: string, password: string, ip: string) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/carabala',
    remoteAddress: ip,
    payload: { username, password, deviceId: 'carabala.web.test' },
  });

describe('Redis up, down and back', () => {
  let token: string;

  it('counts in Redis while it answers', async () => {
    token = await signIn(first, 'player1', 'player123');
    expect(await metric(first, 'redis_available')).toBe(1);
    expect(await metric(first, 'redis_fallbacks_total')).toBe(0);
    await first.inject({ url: '/api/me', headers: bearer(token), remoteAddress: '10.50.0.1' });
    await second.inject({ url: '/api/me', headers: bearer(token), remoteAddress: '10.50.0.1' });
    // Each process adds its hits at its next sync (RATE_LIMIT_SYNC_MS).
    await expect.poll(() => sharedCount('10.50.0.1'), { timeout: 2000, interval: 20 }).toBe(2);
  });

  it('with Redis killed, answers rate-limited calls at once from memory, and signs out without hanging', async () => {
    // The second process caches the session before the outage.
    expect((await second.inject({ url: '/api/me', headers: bearer(token) })).statusCode).toBe(200);
    await redis.stop();
    const started = performance.now();
    const answers = [];
    for (let call = 0; call < 40; call += 1) {
      answers.push(await first.inject({ url: '/api/me', headers: bearer(token), remoteAddress: '10.50.0.2' }));
      answers.push(await first.inject({ url: '/api/news', remoteAddress: '10.50.0.2' }));
    }
    const elapsed = performance.now() - started;
    expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 200));
    // Counted in this process's memory: 80 calls of one client, each with its headers.
    expect(answers.at(-1)!.headers['x-ratelimit-remaining']).toBe(String(100_000 - 80));
    expect(elapsed).toBeLessThan(1500);

    expect(await metric(first, 'redis_available')).toBe(0);
    expect(await metric(first, 'redis_fallbacks_total')).toBe(1);

    // The eviction cannot reach the second process now: it still serves its cached session (the
    // weaker guarantee of decision 025) until Redis returns.
    const logout = await first.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) });
    expect(logout.statusCode).toBe(200);
    expect((await first.inject({ url: '/api/me', headers: bearer(token) })).statusCode).toBe(401);
  });

  it('still refuses a fourth wrong password for an account, per process', async () => {
    const ip = '10.50.1.1';
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect((await login(first, 'player2', 'wrong-password', ip)).statusCode).toBe(400);
    }
    expect((await login(first, 'player2', 'wrong-password', ip)).statusCode).toBe(429);
    expect((await login(first, 'player2', 'player123', ip)).statusCode).toBe(429);
  });

  it('still refuses gift-code guesses past the limit, per process', async () => {
    const [guesser] = await createPlayers(first.db, first, 1);
    for (let guess = 0; guess < 3; guess += 1) {
      const answer = await first.inject(claimRequest(guesser!.token, `KHONGCO${guess}`, '10.50.2.1'));
      expect(answer.statusCode).toBe(404);
    }
    const refused = await first.inject(claimRequest(guesser!.token, 'KHONGCO9', '10.50.2.1'));
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('api.rate_limited');
  });

  it('uses the shared counts again when Redis returns, and forgets sessions whose eviction it missed', async () => {
    await redis.start();
    for (const app of [first, second]) {
      await expect.poll(() => metric(app, 'redis_available'), { timeout: 5000, interval: 50 }).toBe(1);
    }
    await first.inject({ url: '/api/news', remoteAddress: '10.50.3.1' });
    await second.inject({ url: '/api/news', remoteAddress: '10.50.3.1' });
    await expect.poll(() => sharedCount('10.50.3.1'), { timeout: 2000, interval: 20 }).toBe(2);
    expect(await metric(first, 'redis_fallbacks_total')).toBe(1);
    // The logout made during the outage reaches the second process: it dropped its cached sessions.
    await expect
      .poll(async () => (await second.inject({ url: '/api/me', headers: bearer(token) })).statusCode, {
        timeout: 5000,
        interval: 50,
      })
      .toBe(401);
  });

  it('answers at once while Redis hangs: the rate limit sync times out once, then it counts alone until Redis answers', async () => {
    const hung = await signIn(first, 'player1', 'player123');
    expect((await second.inject({ url: '/api/me', headers: bearer(hung) })).statusCode).toBe(200);
    redis.pause();
    try {
      const started = performance.now();
      const answers = [];
      for (let call = 0; call < 20; call += 1)
        answers.push(await first.inject({ url: '/api/news', remoteAddress: '10.50.4.1' }));
      expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 200));
      // No call waits for Redis: the rate limit's sync does, up to the command timeout (300 ms).
      expect(performance.now() - started).toBeLessThan(1500);
      await expect.poll(() => metric(first, 'redis_available'), { timeout: 2000, interval: 20 }).toBe(0);
      expect(await metric(first, 'redis_fallbacks_total')).toBe(2);
      // A logout the first process cannot publish; the second never noticed the hang.
      const logout = await first.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(hung) });
      expect(logout.statusCode).toBe(200);
    } finally {
      redis.resume();
    }
    await expect.poll(() => metric(first, 'redis_available'), { timeout: 5000, interval: 50 }).toBe(1);
    await first.inject({ url: '/api/news', remoteAddress: '10.50.4.2' });
    await expect.poll(() => sharedCount('10.50.4.2'), { timeout: 2000, interval: 20 }).toBe(1);
    // On its return the first process tells every process to forget its cached sessions.
    await expect
      .poll(async () => (await second.inject({ url: '/api/me', headers: bearer(hung) })).statusCode, {
        timeout: 5000,
        interval: 50,
      })
      .toBe(401);
  });

  it('never printed an unhandled ioredis error', () => {
    const ioredis = consoleErrors.mock.calls.filter((call) => String(call[0]).includes('[ioredis]'));
    expect(ioredis).toEqual([]);
  });
});
