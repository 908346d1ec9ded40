import { codes } from '@carabala/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { RETRY_AFTER_SECONDS } from '../../plugins/errors';

const healthSchema = z.object({ code: z.string(), data: z.object({ status: z.string() }) });
const checkSchema = z.enum(['ok', 'failed']);
const readySchema = z.object({
  code: z.string(),
  data: z.object({
    /** `ready`, or the first part that failed: `database unreachable`, `storage not writable`. */
    status: z.string(),
    checks: z.object({ database: checkSchema, storage: checkSchema }),
  }),
});

const passes = (check: Promise<unknown>) =>
  check.then(
    () => null,
    (error: unknown) => error,
  );

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
      schema: {
        tags: ['health'],
        summary: 'The database answers and the image store takes a file',
        description:
          'The load balancer sends traffic only while it answers 200. A 503 (`api.unavailable`, with ' +
          '`Retry-After`) names the check that failed; the cause goes to the log only.',
        response: { 200: readySchema, 503: readySchema },
      },
    },
    async (request, reply) => {
      const [database, storage] = await Promise.all([
        passes(app.database.ping()),
        passes(app.services.uploads.probeStorage()),
      ]);
      const checks = { database: database ? 'failed' : 'ok', storage: storage ? 'failed' : 'ok' } as const;
      if (!database && !storage) return { code: codes.success, data: { status: 'ready', checks } };
      if (database) request.log.warn({ err: database }, 'database not reachable');
      if (storage) request.log.warn({ err: storage }, 'image storage not writable');
      const status = database ? 'database unreachable' : 'storage not writable';
      return reply
        .status(503)
        .header('retry-after', RETRY_AFTER_SECONDS)
        .send({ code: codes.unavailable, data: { status, checks } });
    },
  );
}
