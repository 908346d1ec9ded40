import {
  createNewsBodySchema,
  envelope,
  newsArticleSchema,
  newsIdParamsSchema,
  newsListQuerySchema,
  newsListSchema,
  newsSlugParamsSchema,
  newsStaffItemSchema,
  newsStaffListQuerySchema,
  newsStaffListSchema,
  updateNewsBodySchema,
} from '@carabala/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import { ok } from '../../lib/reply';
import { createNewsCache, type CachedAnswer } from './cache';
import { webRevalidation } from './web-revalidation';

/** A cached public answer: revalidated by its ETag on every use, so a publication shows at once. */
function sendCached(request: FastifyRequest, reply: FastifyReply, answer: CachedAnswer) {
  reply.header('cache-control', 'public, no-cache').header('etag', answer.etag);
  const tags = request.headers['if-none-match']?.split(',').map((tag) => tag.trim().replace(/^W\//, ''));
  if (tags?.includes(answer.etag)) return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(answer.bytes);
}

type AnswerFromCache = (
  request: FastifyRequest,
  reply: FastifyReply,
  key: string,
  produce: () => Promise<string>,
) => Promise<void> | undefined;

export async function newsRoutes(app: FastifyInstance, { config }: { config: Config }) {
  const cache = await createNewsCache({ redis: app.redis, ttlSeconds: config.NEWS_CACHE_SECONDS });
  const notifyWeb = webRevalidation({
    urls: config.WEB_REVALIDATE_URLS,
    secret: config.REVALIDATE_SECRET,
    log: app.log,
  });
  /**
   * Sends the answer this process holds for `key` at once (no promise, the handler returns nothing), or
   * the one the cache reads or shares once it has it (the handler returns that promise of the reply).
   */
  const answerFromCache: AnswerFromCache = (request, reply, key, produce) => {
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
  /** After a change staff made: public answers and the web's cached pages are rebuilt. */
  const changed = async <T>(result: T) => {
    await cache.clear();
    await notifyWeb();
    return ok(result);
  };

  publicNewsRoutes(app, answerFromCache);
  staffNewsRoutes(app, changed);
}

/** The published list and articles, answered from the news cache. */
function publicNewsRoutes(app: FastifyInstance, answerFromCache: AnswerFromCache) {
  const service = app.services.news;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const listAnswer = envelope(newsListSchema);
  const articleAnswer = envelope(newsArticleSchema);

  routes.get(
    '/news',
    {
      schema: {
        tags: ['news'],
        summary: 'Published news, newest first',
        querystring: newsListQuerySchema,
        response: { 200: listAnswer },
      },
    },
    (request, reply) => {
      const { page, pageSize, category } = request.query;
      return answerFromCache(request, reply, `list:${page}:${pageSize}:${category ?? ''}`, async () =>
        JSON.stringify(listAnswer.parse(ok(await service.list(request.query)))),
      );
    },
  );

  routes.get(
    '/news/:slug',
    {
      schema: {
        tags: ['news'],
        summary: 'One published article',
        params: newsSlugParamsSchema,
        response: { 200: articleAnswer },
      },
    },
    (request, reply) =>
      answerFromCache(request, reply, `article:${request.params.slug}`, async () =>
        JSON.stringify(articleAnswer.parse(ok(await service.bySlug(request.params.slug)))),
      ),
  );
}

/** The staff's editor; every change clears the cache and tells the web. */
function staffNewsRoutes(app: FastifyInstance, changed: <T>(result: T) => Promise<ReturnType<typeof ok<T>>>) {
  const service = app.services.news;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const staffItem = { 200: envelope(newsStaffItemSchema) };

  const newsWriters = app.requirePermission('news.write');

  routes.get(
    '/internal/news',
    {
      onRequest: newsWriters,
      schema: {
        tags: ['internal'],
        summary: 'Every article, drafts included',
        querystring: newsStaffListQuerySchema,
        response: { 200: envelope(newsStaffListSchema) },
      },
    },
    async (request) => ok(await service.listForStaff(request.query)),
  );

  routes.get(
    '/internal/news/:id',
    {
      onRequest: newsWriters,
      schema: { tags: ['internal'], summary: 'One article', params: newsIdParamsSchema, response: staffItem },
    },
    async (request) => ok(await service.getForStaff(request.params.id)),
  );

  routes.post(
    '/internal/news',
    {
      onRequest: newsWriters,
      schema: { tags: ['internal'], summary: 'Create an article', body: createNewsBodySchema, response: staffItem },
    },
    async (request) => changed(await service.create(request.user!.id, request.body)),
  );

  routes.put(
    '/internal/news/:id',
    {
      onRequest: newsWriters,
      schema: {
        tags: ['internal'],
        summary: 'Edit an article',
        params: newsIdParamsSchema,
        body: updateNewsBodySchema,
        response: staffItem,
      },
    },
    async (request) => changed(await service.edit(request.params.id, request.user!.id, request.body)),
  );

  routes.post(
    '/internal/news/:id/publish',
    {
      onRequest: newsWriters,
      schema: { tags: ['internal'], summary: 'Publish an article', params: newsIdParamsSchema, response: staffItem },
    },
    async (request) => changed(await service.publish(request.params.id, request.user!.id)),
  );

  routes.post(
    '/internal/news/:id/unpublish',
    {
      onRequest: newsWriters,
      schema: { tags: ['internal'], summary: 'Unpublish an article', params: newsIdParamsSchema, response: staffItem },
    },
    async (request) => changed(await service.unpublish(request.params.id, request.user!.id)),
  );
}
