import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { BoundedMap, textBytes } from '../lib/bounded-map';
import { hookList } from '../lib/hooks';
import type { SharedRedis } from '../lib/shared-redis';

/** The rate-limit headers @fastify/rate-limit sent, with the same names. */
const LIMIT = 'x-ratelimit-limit';
const REMAINING = 'x-ratelimit-remaining';
const RESET = 'x-ratelimit-reset';
const RETRY_AFTER = 'retry-after';

/** The Redis key prefix and counting script of @fastify/rate-limit's Redis store: counts carry over a rolling upgrade. */
const REDIS_PREFIX = 'fastify-rate-limit-';
const REDIS_HIT = `
  local current = redis.call('INCR', KEYS[1])
  local ttl = tonumber(ARGV[1])
  if current == 1 then redis.call('PEXPIRE', KEYS[1], ttl) else ttl = redis.call('PTTL', KEYS[1]) end
  return {current, ttl}
`;

/** Counters kept in memory (no Redis, or Redis away): at most this many clients and bytes, the oldest going first. */
const MEMORY_LIMIT = 100_000;
const MEMORY_BYTES = 16 * 1024 * 1024;

interface Hit {
  count: number;
  ttlMs: number;
}

class RateLimitedError extends Error {
  readonly statusCode = 429;
  constructor(seconds: number) {
    super(`Rate limit exceeded, retry in ${seconds} seconds`);
  }
}

/**
 * The key a client address is counted by: an IPv6 client by its /64 (one subscriber holds a whole /64),
 * an IPv4-mapped address as IPv4 (the library's rule); remembered, as parsing costs. Every per-address
 * budget uses it, so none is escaped by moving within a /64.
 */
const ipv6Keys = new BoundedMap<string>(MEMORY_LIMIT, MEMORY_BYTES / 2, (ip, key) => textBytes(ip, key));
export function addressKey(ip: string): string {
  if (!ip.includes(':')) return ip;
  let key = ipv6Keys.get(ip);
  if (key === undefined) {
    key = normalizeIP(ip);
    ipv6Keys.set(ip, key);
  }
  return key;
}

function clientKey(request: FastifyRequest): string {
  const ip = request.ip;
  // The address is gone once the client has hung up (the socket has none left).
  return ip ? addressKey(ip) : 'disconnected';
}

function memoryCounter(windowMs: number) {
  const windows = new BoundedMap<{ count: number; resetAt: number }>(MEMORY_LIMIT, MEMORY_BYTES, (key) =>
    textBytes(key),
  );
  return (key: string, now: number): Hit => {
    let entry = windows.get(key);
    if (!entry || entry.resetAt <= now) {
      // Every window has the same length, so the oldest entries pushed out past the bounds are expired first.
      entry = { count: 0, resetAt: now + windowMs };
      windows.set(key, entry);
    }
    entry.count += 1;
    return { count: entry.count, ttlMs: entry.resetAt - now };
  };
}

/**
 * The global per-client limit: `max` requests per `windowMs` by client address, counted in memory, or in
 * Redis (one shared count for every API process) when it is set. What @fastify/rate-limit did, with the
 * same headers (x-ratelimit-limit, -remaining, -reset; retry-after when refused) and a 429 the error
 * handler turns into api.rate_limited; a route opts out with `config: { rateLimit: false }`. Without
 * Redis it answers in one synchronous callback hook: the library took an async hook, an awaited key,
 * a promise around the store and a fresh route-options object per request. While Redis is away each
 * process counts in its own memory, at once, without waiting for a reconnection (decision 025).
 */
export const rateLimitPlugin = fp(
  async (app: FastifyInstance, options: { max: number; windowMs: number; redis: SharedRedis | null }) => {
    const { max, windowMs, redis } = options;
    const limitText = String(max);

    const answer = (reply: FastifyReply, hit: Hit): RateLimitedError | undefined => {
      const seconds = Math.ceil(hit.ttlMs / 1000);
      reply.header(LIMIT, limitText);
      if (hit.count <= max) {
        reply.header(REMAINING, max - hit.count);
        reply.header(RESET, seconds);
        return undefined;
      }
      reply.header(REMAINING, 0);
      reply.header(RESET, seconds);
      reply.header(RETRY_AFTER, seconds);
      return new RateLimitedError(seconds);
    };

    const count = memoryCounter(windowMs);
    const inMemory: onRequestHookHandler = (request, reply, done) =>
      done(answer(reply, count(clientKey(request), Date.now())));
    let hook = inMemory;
    if (redis) {
      const client = redis.client;
      client.defineCommand('rateLimitHit', { numberOfKeys: 1, lua: REDIS_HIT });
      const hit = (client as unknown as { rateLimitHit(key: string, ttl: number): Promise<[number, number]> })
        .rateLimitHit;
      hook = (request, reply, done) => {
        if (!redis.up) return inMemory.call(app, request, reply, done);
        const key = clientKey(request);
        hit.call(client, `${REDIS_PREFIX}${key}`, windowMs).then(
          ([total, ttlMs]) => done(answer(reply, { count: total, ttlMs })),
          (error: unknown) => {
            redis.failed(error);
            done(answer(reply, count(key, Date.now())));
          },
        );
      };
    }

    app.addHook('onRoute', (route) => {
      if ((route.config as { rateLimit?: unknown } | undefined)?.rateLimit === false) return;
      // After the route's own hooks (the access check), as the library added it.
      route.onRequest = [...hookList(route.onRequest), hook];
    });
  },
);
