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

/**
 * The Redis key prefix of @fastify/rate-limit's Redis store, and its count (INCR, PEXPIRE on the first hit of a
 * window) taken for several clients and hits at once: counts carry over a rolling upgrade. A key left without an
 * expiry gets one. ARGV[1] is the window; ARGV[i + 1] the hits to add to KEYS[i]. Answers total and ttl per key.
 */
const REDIS_PREFIX = 'fastify-rate-limit-';
const REDIS_ADD = `
  local window = tonumber(ARGV[1])
  local out = {}
  for i, key in ipairs(KEYS) do
    local hits = tonumber(ARGV[i + 1])
    local total = redis.call('INCRBY', key, hits)
    local ttl = window
    if total == hits then redis.call('PEXPIRE', key, window) else
      ttl = redis.call('PTTL', key)
      if ttl < 0 then redis.call('PEXPIRE', key, window); ttl = window end
    end
    out[#out + 1] = total
    out[#out + 1] = ttl
  end
  return out
`;
/** Clients whose hits one call of REDIS_ADD takes, at most. */
const SYNC_BATCH = 500;

/** Counters kept in memory: at most this many clients and bytes, the oldest going first. */
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

/** A client's window as this process knows it: the shared count at the last sync, and its own hits since. */
interface Window {
  resetAt: number;
  /** The count Redis answered at this process's last sync of the client (0 without Redis). */
  known: number;
  /** This process's hits not yet added in Redis. */
  pending: number;
  /** This process's hits on their way to Redis: a slow sync's hits are not sent twice by the next one. */
  sending: number;
}

type Add = (keys: string[], args: number[]) => Promise<number[]>;

/**
 * Counts each client's hits in fixed windows, deciding at once from what this process knows. With Redis, the
 * hits are added there in one call per `syncMs` for every client that had some, and each answer brings the
 * count of every process: a process learns the others' hits of a client within `syncMs` of its own next
 * hit. A request waits for no Redis round trip (which cost about as much as the request itself: decision 065).
 */
function windowCounter(windowMs: number, syncMs: number, redis: SharedRedis | null) {
  const windows = new BoundedMap<Window>(MEMORY_LIMIT, MEMORY_BYTES, (key) => textBytes(key));
  let dirty = new Map<string, Window>();
  let timer: NodeJS.Timeout | undefined;
  let add: Add | undefined;
  if (redis) {
    redis.client.defineCommand('rateLimitAdd', { lua: REDIS_ADD });
    const command = (
      redis.client as unknown as { rateLimitAdd(count: number, ...args: (string | number)[]): Promise<number[]> }
    ).rateLimitAdd;
    add = (keys, args) => command.call(redis.client, keys.length, ...keys, windowMs, ...args);
  }

  async function sync() {
    timer = undefined;
    const batch = [...dirty].filter(([, window]) => window.pending > 0);
    dirty = new Map();
    // Redis away: the hits stay pending, added with the client's next hit once it is back (same window).
    if (!add || !redis?.up) return;
    for (let from = 0; from < batch.length; from += SYNC_BATCH) {
      const part = batch.slice(from, from + SYNC_BATCH);
      const sent = part.map(([, window]) => {
        const hits = window.pending;
        window.pending = 0;
        window.sending += hits;
        return hits;
      });
      try {
        const answer = await add(
          part.map(([key]) => `${REDIS_PREFIX}${key}`),
          sent,
        );
        const now = Date.now();
        part.forEach(([, window], i) => {
          window.sending -= sent[i]!;
          window.known = answer[2 * i]!;
          window.resetAt = now + answer[2 * i + 1]!;
        });
      } catch (error) {
        // Not added: the hits wait for the client's next hit after Redis is back.
        part.forEach(([, window], i) => {
          window.sending -= sent[i]!;
          window.pending += sent[i]!;
        });
        redis.failed(error);
        return;
      }
    }
  }

  return {
    hit(key: string, now: number): Hit {
      let window = windows.get(key);
      if (!window || window.resetAt <= now) {
        // Every window has the same length, so the oldest entries pushed out past the bounds are expired first.
        window = { resetAt: now + windowMs, known: 0, pending: 0, sending: 0 };
        windows.set(key, window);
      }
      window.pending += 1;
      if (add) {
        dirty.set(key, window);
        timer ??= setTimeout(() => void sync(), syncMs);
      }
      return { count: window.known + window.sending + window.pending, ttlMs: window.resetAt - now };
    },
    /** Adds what is pending now (the app closing). */
    async flush() {
      clearTimeout(timer);
      await sync();
    },
  };
}

/** How often a process adds its clients' hits in Redis and learns the others' (at most this late). */
export const RATE_LIMIT_SYNC_MS = 100;

/**
 * The global per-client limit: `max` requests per `windowMs` by client address. What @fastify/rate-limit did,
 * with the same headers (x-ratelimit-limit, -remaining, -reset; retry-after when refused) and a 429 the error
 * handler turns into api.rate_limited; a route opts out with `config: { rateLimit: false }`. One synchronous
 * callback hook decides from this process's counts (windowCounter); with Redis every API process's hits are
 * added there every `syncMs`, so a client's count is shared within that delay, and while Redis is away each
 * process counts alone, without waiting for a reconnection (decision 025).
 */
export const rateLimitPlugin = fp(
  async (
    app: FastifyInstance,
    options: { max: number; windowMs: number; redis: SharedRedis | null; syncMs?: number },
  ) => {
    const { max, windowMs, redis, syncMs = RATE_LIMIT_SYNC_MS } = options;
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

    const counter = windowCounter(windowMs, syncMs, redis);
    const hook: onRequestHookHandler = (request, reply, done) =>
      done(answer(reply, counter.hit(clientKey(request), Date.now())));
    app.addHook('onClose', () => counter.flush());

    app.addHook('onRoute', (route) => {
      if ((route.config as { rateLimit?: unknown } | undefined)?.rateLimit === false) return;
      // After the route's own hooks (the access check), as the library added it.
      route.onRequest = [...hookList(route.onRequest), hook];
    });
  },
);
