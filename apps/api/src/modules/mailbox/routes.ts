import { internalMailPageSchema, internalMailQuerySchema, internalMailSchema } from '@carabala/contracts';
import type { FastifyInstance } from 'fastify';
import { idParams, jsonRoutes } from '../../lib/routes';

export async function mailboxRoutes(app: FastifyInstance) {
  const service = app.services.mailbox;
  const route = jsonRoutes(app, ['internal']);

  route({
    method: 'POST',
    url: '/internal/mails/find-many',
    access: 'deliveries.read',
    summary: 'In-game mails by delivery state (dead by default: the ones the game never took)',
    body: internalMailQuerySchema,
    data: internalMailPageSchema,
    handle: (request) => service.find(request.body.status, request.body),
  });

  route({
    method: 'POST',
    url: '/internal/mails/:id/retry',
    access: 'deliveries.retry',
    summary: 'Send a dead mail again',
    params: idParams,
    data: internalMailSchema,
    handle: (request) => service.retry(request.params.id, request.user!.id),
  });
}
