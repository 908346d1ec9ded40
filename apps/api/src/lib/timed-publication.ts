import { envelope } from '@carabala/contracts';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Config } from '../config';
import { answerFrom, createAnswerCache } from './answer-cache';
import type { ContentKind } from './events';
import { ok } from './reply';

// What staff publish with windows (the store's packs, the home page's slides): a public answer as of
// now, cached until the next boundary or the next publication of its kind.

/** An answer as of `now` that changes by itself at `next`: its `at` and `nextChangeAt`, and `nextChange` for the cache. */
export const asOf = (now: number, next: number | null) => ({
  at: new Date(now).toISOString(),
  nextChangeAt: next === null ? null : new Date(next).toISOString(),
  nextChange: next,
});

export interface TimedRead<S extends z.ZodType> {
  /** The content whose `content.published` empties the cached answer; null: only its time-to-live does. */
  kind: ContentKind | null;
  path: string;
  tags: string[];
  summary: string;
  description: string;
  /** The answer's data. */
  data: S;
  /** The data now and the next moment it changes by itself (ms), which the cached copy never outlives. */
  produce: () => Promise<z.input<S> & { nextChange: number | null }>;
}

/**
 * Declares the public read (cached like the news answers: ETag, `no-cache`, in each process and in
 * Redis, emptied on each `content.published` of its kind).
 */
export function timedPublication<S extends z.ZodType>(
  app: FastifyInstance,
  config: Config,
  name: string,
  read: TimedRead<S>,
) {
  const cache = createAnswerCache({
    name,
    kind: read.kind,
    redis: app.redis,
    events: app.events,
    ttlSeconds: config.NEWS_CACHE_SECONDS,
  });
  const answerFromCache = answerFrom(cache);
  const answer = envelope(read.data);
  app.get(
    read.path,
    {
      schema: {
        tags: read.tags,
        summary: read.summary,
        description: read.description,
        response: { 200: answer },
      },
    },
    (request, reply) =>
      answerFromCache(request, reply, read.path, async () => {
        const { nextChange, ...data } = await read.produce();
        return { body: JSON.stringify(answer.parse(ok(data))), expiresAt: nextChange };
      }),
  );
}
