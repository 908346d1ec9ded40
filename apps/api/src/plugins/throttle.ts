import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';

/**
 * Counts failures per key inside a fixed window. Shared through Redis when REDIS_URL is set, so that
 * several API processes see the same counts; in memory otherwise (the embedded single-process demo).
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
  const entries = new Map<string, { count: number; expiresAt: number }>();
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
      entries.set(key, entry);
      if (entries.size > 100_000) {
        for (const [k] of entries) if (!live(k)) entries.delete(k);
      }
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
    async close() {
      redis.disconnect();
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    failures: FailureCounter;
    redis: Redis | null;
  }
}

export const throttlePlugin = fp(async (app: FastifyInstance, options: { redisUrl?: string }) => {
  const redis = options.redisUrl ? new Redis(options.redisUrl, { maxRetriesPerRequest: 2 }) : null;
  app.decorate('redis', redis);
  const counter = redis ? redisCounter(redis) : memoryCounter();
  app.decorate('failures', counter);
  app.addHook('onClose', () => counter.close());
});
