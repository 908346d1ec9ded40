import { envelope, internalMailPageSchema, internalMailQuerySchema, internalMailSchema } from '@carabala/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/reply';
import { createMailboxService } from './service';

export async function mailboxRoutes(app: FastifyInstance) {
  const service = createMailboxService(app.db, () => app.mailbox.nudge());
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    '/internal/mails/find-many',
    {
      onRequest: app.requireStaff,
      schema: {
        tags: ['internal'],
        summary: 'In-game mails by delivery state (dead by default: the ones the game never took)',
        body: internalMailQuerySchema,
        response: { 200: envelope(internalMailPageSchema) },
      },
    },
    async (request) => ok(await service.find(request.body.status, request.body.page, request.body.pageSize)),
  );

  routes.post(
    '/internal/mails/:id/retry',
    {
      onRequest: app.requireStaff,
      schema: {
        tags: ['internal'],
        summary: 'Send a dead mail again',
        params: z.object({ id: z.string().max(64) }),
        response: { 200: envelope(internalMailSchema) },
      },
    },
    async (request) => ok(await service.retry(request.params.id, request.user!.id)),
  );
}
