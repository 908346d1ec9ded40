import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

const healthSchema = z.object({ code: z.string(), data: z.object({ status: z.string() }) });

export async function healthRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get(
    '/health',
    {
      config: { rateLimit: false },
      schema: { tags: ['health'], summary: 'The process is alive', response: { 200: healthSchema } },
    },
    async () => ({ code: 'api.success', data: { status: 'alive' } }),
  );
  routes.get(
    '/ready',
    {
      config: { rateLimit: false },
      schema: { tags: ['health'], summary: 'The database answers', response: { 200: healthSchema, 503: healthSchema } },
    },
    async (request, reply) => {
      try {
        await app.database.ping();
        return { code: 'api.success', data: { status: 'ready' } };
      } catch (error) {
        request.log.warn({ err: error }, 'database not reachable');
        return reply.status(503).send({ code: 'api.error', data: { status: 'database unreachable' } });
      }
    },
  );
}
