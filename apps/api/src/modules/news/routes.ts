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
import { ok } from '../../lib/reply';
import {
  createNews,
  editNews,
  getNewsBySlug,
  getNewsForStaff,
  listNews,
  listNewsForStaff,
  publishNews,
  unpublishNews,
} from './service';

export async function newsRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const staffItem = { 200: envelope(newsStaffItemSchema) };

  routes.get(
    '/news',
    {
      schema: {
        tags: ['news'],
        summary: 'Published news, newest first',
        querystring: newsListQuerySchema,
        response: { 200: envelope(newsListSchema) },
      },
    },
    async (request) => ok(await listNews(app.db, request.query)),
  );

  routes.get(
    '/news/:slug',
    {
      schema: {
        tags: ['news'],
        summary: 'One published article',
        params: newsSlugParamsSchema,
        response: { 200: envelope(newsArticleSchema) },
      },
    },
    async (request) => ok(await getNewsBySlug(app.db, request.params.slug)),
  );

  routes.get(
    '/internal/news',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['internal'],
        summary: 'Every article, drafts included',
        querystring: newsStaffListQuerySchema,
        response: { 200: envelope(newsStaffListSchema) },
      },
    },
    async (request) => ok(await listNewsForStaff(app.db, request.query)),
  );

  routes.get(
    '/internal/news/:id',
    {
      onRequest: app.requireAdmin,
      schema: { tags: ['internal'], summary: 'One article', params: newsIdParamsSchema, response: staffItem },
    },
    async (request) => ok(await getNewsForStaff(app.db, request.params.id)),
  );

  routes.post(
    '/internal/news',
    {
      onRequest: app.requireAdmin,
      schema: { tags: ['internal'], summary: 'Create an article', body: createNewsBodySchema, response: staffItem },
    },
    async (request) => ok(await createNews(app.db, request.user!.id, request.body)),
  );

  routes.put(
    '/internal/news/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['internal'],
        summary: 'Edit an article',
        params: newsIdParamsSchema,
        body: updateNewsBodySchema,
        response: staffItem,
      },
    },
    async (request) => ok(await editNews(app.db, request.params.id, request.user!.id, request.body)),
  );

  routes.post(
    '/internal/news/:id/publish',
    {
      onRequest: app.requireAdmin,
      schema: { tags: ['internal'], summary: 'Publish an article', params: newsIdParamsSchema, response: staffItem },
    },
    async (request) => ok(await publishNews(app.db, request.params.id, request.user!.id)),
  );

  routes.post(
    '/internal/news/:id/unpublish',
    {
      onRequest: app.requireAdmin,
      schema: { tags: ['internal'], summary: 'Unpublish an article', params: newsIdParamsSchema, response: staffItem },
    },
    async (request) => ok(await unpublishNews(app.db, request.params.id, request.user!.id)),
  );
}
