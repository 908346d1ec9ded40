import { createHash } from 'node:crypto';
import { BoundedMap, textBytes } from '../../lib/bounded-map';
import type { SharedRedis } from '../../lib/shared-redis';

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
}

const HASH = 'news-cache';
const CHANNEL = 'news-cache-clear';
const LIMIT = 1_000;
const LIMIT_BYTES = 32 * 1024 * 1024;

const answerOf = (body: string, etag?: string): CachedAnswer => ({
  body,
  bytes: Buffer.from(body, 'utf8'),
  etag: etag ?? `"${createHash('sha1').update(body).digest('base64url')}"`,
});

/**
 * The public news reads, serialized once per publication state. Kept in this process; with Redis
 * also in one shared hash, so that a new or restarted process does not go to the database, and a
 * clear reaches every process at once (publish/subscribe). `ttlSeconds` bounds what a clear that
 * raced a slow read in another process could leave behind. While Redis is away this process's copy
 * serves alone; after the break the shared hash is dropped, as a clear may have been missed.
 */
export async function createNewsCache({
  redis,
  ttlSeconds,
}: {
  redis: SharedRedis | null;
  ttlSeconds: number;
}): Promise<NewsCache> {
  const local = new BoundedMap<{ answer: CachedAnswer; until: number }>(
    LIMIT,
    LIMIT_BYTES,
    (key, { answer }) => textBytes(key, answer.body, answer.etag) + answer.bytes.length,
  );
  const pending = new Map<string, Promise<CachedAnswer>>();
  // A read that started before a clear must not store what it read.
  let generation = 0;
  const forget = () => {
    generation += 1;
    local.clear();
    pending.clear();
  };

  const nothing = () => null;
  await redis?.subscribe(CHANNEL, forget, () => {
    forget();
    void redis.attempt((client) => client.del(HASH), nothing);
  });

  async function load(key: string, produce: () => Promise<string>): Promise<CachedAnswer> {
    const started = generation;
    const shared = redis ? await redis.attempt((client) => client.hget(HASH, key), nothing) : null;
    const stored = shared ? (JSON.parse(shared) as { body: string; etag: string }) : null;
    const answer = stored ? answerOf(stored.body, stored.etag) : answerOf(await produce());
    if (generation === started) {
      local.set(key, { answer, until: Date.now() + ttlSeconds * 1000 });
      if (redis && !shared) {
        const text = JSON.stringify({ body: answer.body, etag: answer.etag });
        await redis.attempt((client) => client.multi().hset(HASH, key, text).expire(HASH, ttlSeconds).exec(), nothing);
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
      // Missed while Redis is away: other processes keep their copy until the break ends or ttlSeconds pass.
      if (redis) await redis.attempt((client) => client.multi().del(HASH).publish(CHANNEL, 'clear').exec(), nothing);
    },
  };
}
