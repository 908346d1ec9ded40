import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { BoundedMap, textBytes } from '../lib/bounded-map';
import { createSharedRedis, type SharedRedis } from '../lib/shared-redis';

/** Counters kept in memory: at most this many keys, and this many bytes. */
const MEMORY_ENTRIES = 100_000;
const MEMORY_BYTES = 16 * 1024 * 1024;

/**
 * Counts failures per key inside a fixed window. Shared through Redis when REDIS_URL is set, so that
 * several API processes see the same counts; in memory otherwise (the embedded single-process demo),
 * and in each process's memory while Redis is away (the limits still hold, per process: decision 025).
 */
export interface FailureCounter {
  count(key: string): Promise<number>;
  /** Adds one and returns the new count in one atomic step, so it can reserve an attempt before it runs. */
  hit(key: string, windowSeconds: number): Promise<number>;
  /** Gives back one reserved attempt that turned out not to be a failure. */
  release(key: string): Promise<void>;
  clear(key: string): Promise<void>;
  close(): Promise<void>;
}

function memoryCounter(): FailureCounter {
  const entries = new BoundedMap<{ count: number; expiresAt: number }>(MEMORY_ENTRIES, MEMORY_BYTES, (key) =>
    textBytes(key),
  );
  const live = (key: string) => {
    const entry = entries.get(key);
    if (entry && entry.expiresAt <= Date.now()) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  };
  return {
    async count(key) {
      return live(key)?.count ?? 0;
    },
    async hit(key, windowSeconds) {
      const entry = live(key) ?? { count: 0, expiresAt: Date.now() + windowSeconds * 1000 };
      entry.count += 1;
      // Past the bounds the oldest counts go first: in a fixed window they are the first to expire.
      if (entry.count === 1) entries.set(key, entry);
      return entry.count;
    },
    async release(key) {
      const entry = live(key);
      if (entry && entry.count > 0) entry.count -= 1;
    },
    async clear(key) {
      entries.delete(key);
    },
    async close() {
      entries.clear();
    },
  };
}

function redisCounter(redis: Redis): FailureCounter {
  return {
    async count(key) {
      return Number((await redis.get(`fail:${key}`)) ?? 0);
    },
    async hit(key, windowSeconds) {
      const [[, count]] = (await redis
        .multi()
        .incr(`fail:${key}`)
        .expire(`fail:${key}`, windowSeconds, 'NX')
        .exec()) as [[unknown, number]];
      return count;
    },
    async release(key) {
      // Never below zero, and never a key without its expiry.
      await redis.eval(
        "if tonumber(redis.call('GET', KEYS[1]) or '0') > 0 then return redis.call('DECR', KEYS[1]) end return 0",
        1,
        `fail:${key}`,
      );
    },
    async clear(key) {
      await redis.del(`fail:${key}`);
    },
    async close() {},
  };
}

/** Redis while it answers, this process's memory while it does not. */
function sharedCounter(redis: SharedRedis): FailureCounter {
  const shared = redisCounter(redis.client);
  const local = memoryCounter();
  const either = <T>(run: (counter: FailureCounter) => Promise<T>) =>
    redis.attempt(
      () => run(shared),
      () => run(local),
    );
  return {
    count: (key) => either((counter) => counter.count(key)),
    hit: (key, windowSeconds) => either((counter) => counter.hit(key, windowSeconds)),
    release: (key) => either((counter) => counter.release(key)),
    clear: (key) => Promise.all([either((counter) => counter.clear(key)), local.clear(key)]).then(() => undefined),
    close: () => local.close(),
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    failures: FailureCounter;
    redis: SharedRedis | null;
  }
}

export const throttlePlugin = fp(async (app: FastifyInstance, options: { redisUrl?: string }) => {
  const redis = options.redisUrl ? createSharedRedis(options.redisUrl, app.log) : null;
  await redis?.started();
  app.decorate('redis', redis);
  const counter = redis ? sharedCounter(redis) : memoryCounter();
  app.decorate('failures', counter);
  // The metrics plugin is registered later; its registry exists once the app is ready.
  if (redis) app.addHook('onReady', async () => redis.registerMetrics(app.metrics));
  app.addHook('onClose', async () => {
    await counter.close();
    redis?.close();
  });
});
