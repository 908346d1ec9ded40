import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { createSharedRedis, type SharedRedis } from '../src/lib/shared-redis';
import { errorsPlugin } from '../src/plugins/errors';
import { rateLimitPlugin } from '../src/plugins/rate-limit';
import { startRedisServer } from './stand-ins/redis-server';

const REDIS_URL = process.env.TEST_REDIS_URL;

/** The plugin's sync with Redis, shortened so that the shared tests wait little. */
const SYNC_MS = 20;

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

function suite(name: string, redisFor: () => SharedRedis | null, shared: boolean) {
  describe(name, () => {
    const clients: SharedRedis[] = [];
    afterAll(() => clients.forEach((client) => client.close()));

    /** Two app instances sharing the store when it is Redis (two API processes). */
    async function build() {
      const redis = redisFor();
      if (redis) {
        clients.push(redis);
        await redis.started();
      }
      const app = Fastify();
      await app.register(errorsPlugin);
      await app.register(rateLimitPlugin, { max: 3, windowMs: 60_000, redis, syncMs: SYNC_MS });
      app.get('/limited', async () => ({ ok: true }));
      app.get('/free', { config: { rateLimit: false } }, async () => ({ ok: true }));
      return app;
    }

    it('counts each client, sends its headers, and refuses the 4th request of a minute with 429', async () => {
      const app = await build();
      const ip = `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
      const call = (remoteAddress: string) => app.inject({ url: '/limited', remoteAddress });
      const answers = [await call(ip), await call(ip), await call(ip)];
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
      expect(answers.map((answer) => answer.headers['x-ratelimit-remaining'])).toEqual(['2', '1', '0']);
      expect(answers[0]!.headers['x-ratelimit-limit']).toBe('3');
      const reset = Number(answers[0]!.headers['x-ratelimit-reset']);
      expect(reset).toBeGreaterThan(55);
      expect(reset).toBeLessThanOrEqual(60);

      const refused = await call(ip);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().code).toBe('api.rate_limited');
      expect(refused.headers['x-ratelimit-remaining']).toBe('0');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(55);

      // Another client, and a route that opts out, are not refused.
      expect((await call('10.8.0.1')).statusCode).toBe(200);
      const free = await app.inject({ url: '/free', remoteAddress: ip });
      expect(free.statusCode).toBe(200);
      expect(free.headers['x-ratelimit-limit']).toBeUndefined();
      await app.close();
    });

    it('counts an IPv4-mapped address as its IPv4 address, and an IPv6 client by its /64', async () => {
      const app = await build();
      const suffix = randomUUID().slice(0, 4);
      const remaining = async (remoteAddress: string) =>
        (await app.inject({ url: '/limited', remoteAddress })).headers['x-ratelimit-remaining'];
      expect(await remaining(`2001:db8:${suffix}:1::1`)).toBe('2');
      expect(await remaining(`2001:db8:${suffix}:1::2`)).toBe('1');
      const v4 = `10.7.${Math.floor(Math.random() * 250)}.1`;
      expect(await remaining(v4)).toBe('2');
      expect(await remaining(`::ffff:${v4}`)).toBe('1');
      await app.close();
    });

    if (shared) {
      it("shares one count between API processes through Redis, each learning the others' hits within a sync", async () => {
        const [first, second] = [await build(), await build()];
        const ip = `10.6.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
        const inspector = clients[0]!.client;
        const shared = async () => Number(await inspector.get(`fastify-rate-limit-${ip}`));
        const call = (app: typeof first) => app.inject({ url: '/limited', remoteAddress: ip });
        const remaining = async (app: typeof first) => (await call(app)).headers['x-ratelimit-remaining'];
        expect([await remaining(first), await remaining(first)]).toEqual(['2', '1']);
        // The hits reach Redis in the sync that follows, with its window.
        await expect.poll(shared, { timeout: 2000, interval: 10 }).toBe(2);
        const ttl = await inspector.pttl(`fastify-rate-limit-${ip}`);
        expect(ttl).toBeGreaterThan(55_000);
        // The second process had not seen the client: its first hit is counted on its own, then its sync
        // brings it the first one's two.
        expect(await remaining(second)).toBe('2');
        await expect.poll(shared, { timeout: 2000, interval: 10 }).toBe(3);
        await new Promise((resolve) => setTimeout(resolve, 3 * SYNC_MS));
        expect((await call(second)).statusCode).toBe(429);
        // The first one learns the second one's hits at its own next sync.
        expect(await remaining(first)).toBe('0');
        await new Promise((resolve) => setTimeout(resolve, 3 * SYNC_MS));
        expect((await call(first)).statusCode).toBe(429);
        await expect.poll(shared, { timeout: 2000, interval: 10 }).toBe(6);
        await Promise.all([first.close(), second.close()]);
      });

      it("adds many clients' hits at once, and a closing process adds what it still holds", async () => {
        const app = await build();
        const prefix = `10.5.${Math.floor(Math.random() * 250)}`;
        const ips = Array.from({ length: 40 }, (_, i) => `${prefix}.${i}`);
        for (const ip of ips)
          for (let hit = 0; hit <= ips.indexOf(ip) % 3; hit += 1)
            await app.inject({ url: '/limited', remoteAddress: ip });
        await app.close();
        const inspector = clients[0]!.client;
        const counts = await inspector.mget(ips.map((ip) => `fastify-rate-limit-${ip}`));
        expect(counts.map(Number)).toEqual(ips.map((_, i) => (i % 3) + 1));
      });
    }
  });
}

suite('global rate limit in memory', () => null, false);
if (REDIS_URL) suite('global rate limit in Redis', () => createSharedRedis(REDIS_URL, silent), true);

describe('global rate limit on a Redis that answers late', () => {
  it('adds each hit once when a sync is still waiting as the next one leaves', async () => {
    const server = await startRedisServer();
    const redis = createSharedRedis(server.url, silent);
    await redis.started();
    const app = Fastify();
    await app.register(errorsPlugin);
    await app.register(rateLimitPlugin, { max: 100, windowMs: 60_000, redis, syncMs: SYNC_MS });
    app.get('/limited', async () => ({ ok: true }));
    const inspector = new Redis(server.url);
    const shared = async () => Number(await inspector.get('fastify-rate-limit-10.4.0.1'));
    const hits = async (count: number) => {
      for (let hit = 0; hit < count; hit += 1) await app.inject({ url: '/limited', remoteAddress: '10.4.0.1' });
    };
    try {
      // Frozen for less than the command timeout (300 ms): the first sync waits while the second leaves.
      server.pause();
      await hits(2);
      await new Promise((resolve) => setTimeout(resolve, 3 * SYNC_MS));
      await hits(3);
      await new Promise((resolve) => setTimeout(resolve, 3 * SYNC_MS));
      server.resume();
      await expect.poll(shared, { timeout: 2000, interval: 10 }).toBe(5);
      expect(redis.up).toBe(true);
      // Both answers came back: the process knows the shared count.
      expect((await app.inject({ url: '/limited', remoteAddress: '10.4.0.1' })).headers['x-ratelimit-remaining']).toBe(
        '94',
      );
      await app.close();
      expect(await shared()).toBe(6);
    } finally {
      server.resume();
      inspector.disconnect();
      redis.close();
      await server.stop();
    }
  });
});
