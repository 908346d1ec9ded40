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
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import { answerFrom, createAnswerCache, type AnswerFromCache } from '../../lib/answer-cache';
import { ok } from '../../lib/reply';

export async function newsRoutes(app: FastifyInstance, { config }: { config: Config }) {
  // Emptied on every change staff make (the service publishes `content.published`).
  const cache = createAnswerCache({
    name: 'news-cache',
    kind: 'news',
    redis: app.redis,
    events: app.events,
    ttlSeconds: config.NEWS_CACHE_SECONDS,
  });
  publicNewsRoutes(app, answerFrom(cache));
  staffNewsRoutes(app);
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
      const { page, pageSize, category, hotFirst } = request.query;
      const key = `list:${page}:${pageSize}:${category ?? ''}:${hotFirst ?? ''}`;
      // A cached answer lives no longer than the next scheduled article's moment.
      return answerFromCache(request, reply, key, async () => ({
        body: JSON.stringify(listAnswer.parse(ok(await service.list(request.query)))),
        expiresAt: await service.nextScheduled(),
      }));
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
      answerFromCache(request, reply, `article:${request.params.slug}`, async () => ({
        body: JSON.stringify(articleAnswer.parse(ok(await service.bySlug(request.params.slug)))),
        expiresAt: await service.nextScheduled(),
      })),
  );
}

/** The staff's editor; every change empties the cache and tells the web (the service's `content.published`). */
function staffNewsRoutes(app: FastifyInstance) {
  const service = app.services.news;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const staffItem = { 200: envelope(newsStaffItemSchema) };

  const newsWriters = app.requirePermission('news.write');
  // Articles are words and pictures: nothing a player receives or pays (decision record 029).
  const content = { stepUp: { exempt: 'News text: nothing sold or given' } };

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
      config: content,
      schema: { tags: ['internal'], summary: 'Create an article', body: createNewsBodySchema, response: staffItem },
    },
    async (request) => ok(await service.create(request.user!.id, request.body)),
  );

  routes.put(
    '/internal/news/:id',
    {
      onRequest: newsWriters,
      config: content,
      schema: {
        tags: ['internal'],
        summary: 'Edit an article',
        params: newsIdParamsSchema,
        body: updateNewsBodySchema,
        response: staffItem,
      },
    },
    async (request) => ok(await service.edit(request.params.id, request.user!.id, request.body)),
  );

  routes.post(
    '/internal/news/:id/publish',
    {
      onRequest: newsWriters,
      config: content,
      schema: { tags: ['internal'], summary: 'Publish an article', params: newsIdParamsSchema, response: staffItem },
    },
    async (request) => ok(await service.publish(request.params.id, request.user!.id)),
  );

  routes.post(
    '/internal/news/:id/unpublish',
    {
      onRequest: newsWriters,
      config: content,
      schema: { tags: ['internal'], summary: 'Unpublish an article', params: newsIdParamsSchema, response: staffItem },
    },
    async (request) => ok(await service.unpublish(request.params.id, request.user!.id)),
  );
}
