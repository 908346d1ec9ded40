import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';

/** A serialized answer, its UTF-8 bytes (sent as they are, not encoded again per request) and its entity tag. */
export interface CachedAnswer {
  body: string;
  bytes: Buffer;
  etag: string;
}

export interface NewsCache {
  /** The answer this process holds for `key`, if it is still fresh: no promise, no Redis. */
  peek(key: string): CachedAnswer | undefined;
  /** The cached answer for `key`, or the one `produce` makes (stored; a throw stores nothing). */
  get(key: string, produce: () => Promise<string>): Promise<CachedAnswer>;
  /** Forgets every answer, in this process and (through Redis) in every other API process. */
  clear(): Promise<void>;
  close(): Promise<void>;
}

const HASH = 'news-cache';
const CHANNEL = 'news-cache-clear';
const LIMIT = 1_000;

const answerOf = (body: string, etag?: string): CachedAnswer => ({
  body,
  bytes: Buffer.from(body, 'utf8'),
  etag: etag ?? `"${createHash('sha1').update(body).digest('base64url')}"`,
});

/**
 * The public news reads, serialized once per publication state. Kept in this process; with Redis
 * also in one shared hash, so that a new or restarted process does not go to the database, and a
 * clear reaches every process at once (publish/subscribe). `ttlSeconds` bounds what a clear that
 * raced a slow read in another process could leave behind.
 */
export async function createNewsCache({
  redis,
  ttlSeconds,
}: {
  redis: Redis | null;
  ttlSeconds: number;
}): Promise<NewsCache> {
  const local = new Map<string, { answer: CachedAnswer; until: number }>();
  const pending = new Map<string, Promise<CachedAnswer>>();
  // A read that started before a clear must not store what it read.
  let generation = 0;
  const forget = () => {
    generation += 1;
    local.clear();
    pending.clear();
  };

  const subscriber = redis?.duplicate() ?? null;
  if (subscriber) {
    await subscriber.subscribe(CHANNEL);
    subscriber.on('message', forget);
  }

  async function load(key: string, produce: () => Promise<string>): Promise<CachedAnswer> {
    const started = generation;
    const shared = redis ? await redis.hget(HASH, key) : null;
    const stored = shared ? (JSON.parse(shared) as { body: string; etag: string }) : null;
    const answer = stored ? answerOf(stored.body, stored.etag) : answerOf(await produce());
    if (generation === started) {
      if (local.size >= LIMIT) local.delete(local.keys().next().value!);
      local.set(key, { answer, until: Date.now() + ttlSeconds * 1000 });
      if (redis && !shared) {
        const text = JSON.stringify({ body: answer.body, etag: answer.etag });
        await redis.multi().hset(HASH, key, text).expire(HASH, ttlSeconds).exec();
      }
    }
    return answer;
  }

  const peek = (key: string) => {
    const hit = local.get(key);
    return hit && hit.until > Date.now() ? hit.answer : undefined;
  };

  return {
    peek,
    async get(key, produce) {
      const hit = peek(key);
      if (hit) return hit;
      // Concurrent misses share one read.
      let loading = pending.get(key);
      if (!loading) {
        loading = load(key, produce).finally(() => pending.delete(key));
        pending.set(key, loading);
      }
      return loading;
    },
    async clear() {
      forget();
      if (redis) await redis.multi().del(HASH).publish(CHANNEL, 'clear').exec();
    },
    async close() {
      subscriber?.disconnect();
    },
  };
}
