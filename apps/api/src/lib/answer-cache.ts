import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { BoundedMap, textBytes } from './bounded-map';
import type { ContentKind, EventBus } from './events';
import type { SharedRedis } from './shared-redis';

/** A serialized answer, its UTF-8 bytes (sent as they are, not encoded again per request) and its entity tag. */
export interface CachedAnswer {
  body: string;
  bytes: Buffer;
  etag: string;
}

/** What a read makes: the body, and optionally the moment it stops being true (a scheduled change). */
export type Produced = string | { body: string; expiresAt: number | null };

export interface AnswerCache {
  /** The answer this process holds for `key`, if it is still fresh: no promise, no Redis. */
  peek(key: string): CachedAnswer | undefined;
  /** The cached answer for `key`, or the one `produce` makes (stored; a throw stores nothing). */
  get(key: string, produce: () => Promise<Produced>): Promise<CachedAnswer>;
}

const LIMIT = 1_000;
const LIMIT_BYTES = 32 * 1024 * 1024;

const answerOf = (body: string, etag?: string): CachedAnswer => ({
  body,
  bytes: Buffer.from(body, 'utf8'),
  etag: etag ?? `"${createHash('sha1').update(body).digest('base64url')}"`,
});

/**
 * Public answers of one kind of content (the news, the store's packs, the home page), serialized once
 * per publication state. Kept in this process; with Redis also in one shared hash per `name`, so that a
 * new or restarted process does not go to the database. Emptied, here and in the shared hash, on every
 * `content.published` of its kind, from whichever process published it (decision record 051).
 * `ttlSeconds` bounds what a clear that raced a slow read in another process could leave behind; an
 * answer that says when it stops being true lives no longer than that. While Redis is away this
 * process's copy serves alone; after the break it is emptied too, as a publication may have been missed.
 */
export function createAnswerCache({
  name,
  kind,
  redis,
  events,
  ttlSeconds,
}: {
  name: string;
  /** Null: emptied only by `ttlSeconds` (and a break in Redis). */
  kind: ContentKind | null;
  redis: SharedRedis | null;
  events: Pick<EventBus, 'on' | 'onGap'>;
  ttlSeconds: number;
}): AnswerCache {
  const hash = name;
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
  async function clear() {
    forget();
    if (redis) await redis.attempt((client) => client.del(hash), nothing);
  }
  events.on('content.published', (published) => (published.kind === kind ? clear() : undefined));
  events.onGap(() => void clear());

  async function readShared(key: string) {
    const shared = redis ? await redis.attempt((client) => client.hget(hash, key), nothing) : null;
    const stored = shared ? (JSON.parse(shared) as { body: string; etag: string; until?: number }) : null;
    return stored && (stored.until ?? Infinity) > Date.now() ? stored : null;
  }

  async function load(key: string, produce: () => Promise<Produced>): Promise<CachedAnswer> {
    const started = generation;
    const stored = await readShared(key);
    let answer: CachedAnswer;
    let until = Date.now() + ttlSeconds * 1000;
    if (stored) {
      answer = answerOf(stored.body, stored.etag);
      until = Math.min(until, stored.until ?? Infinity);
    } else {
      const produced = await produce();
      const body = typeof produced === 'string' ? produced : produced.body;
      if (typeof produced !== 'string' && produced.expiresAt !== null) until = Math.min(until, produced.expiresAt);
      answer = answerOf(body);
    }
    if (generation === started) {
      local.set(key, { answer, until });
      if (redis && !stored) {
        const text = JSON.stringify({ body: answer.body, etag: answer.etag, until });
        const seconds = Math.max(1, Math.ceil((until - Date.now()) / 1000));
        await redis.attempt((client) => client.multi().hset(hash, key, text).expire(hash, seconds).exec(), nothing);
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
  };
}

/** A cached public answer: revalidated by its ETag on every use, so a publication shows at once. */
export function sendCached(request: FastifyRequest, reply: FastifyReply, answer: CachedAnswer) {
  reply.header('cache-control', 'public, no-cache').header('etag', answer.etag);
  const tags = request.headers['if-none-match']?.split(',').map((tag) => tag.trim().replace(/^W\//, ''));
  if (tags?.includes(answer.etag)) return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(answer.bytes);
}

export type AnswerFromCache = (
  request: FastifyRequest,
  reply: FastifyReply,
  key: string,
  produce: () => Promise<Produced>,
) => Promise<void> | undefined;

/**
 * Sends the answer this process holds for `key` at once (no promise, the handler returns nothing), or
 * the one the cache reads or shares once it has it (the handler returns that promise of the reply).
 */
export function answerFrom(cache: AnswerCache): AnswerFromCache {
  return (request, reply, key, produce) => {
    const hit = cache.peek(key);
    if (hit) {
      sendCached(request, reply, hit);
      return undefined;
    }
    return cache.get(key, produce).then((answer) => {
      sendCached(request, reply, answer);
      // Fastify's "return reply" after reply.send (a promise of nothing would let it send again when an
      // onSend hook is still running); the type provider's handler type knows only payloads.
      return reply as unknown as void;
    });
  };
}
