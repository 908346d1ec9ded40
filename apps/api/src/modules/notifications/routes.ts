import { envelope, notificationSchema, notificationsQuerySchema } from '@carabala/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/reply';
import { notificationsSince } from './service';

export async function notificationRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get(
    '/me/notifications',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['users'],
        summary: 'What changed for the signed-in player since their last visit',
        description:
          'Orders they bought or receive that were paid (`order.paid`, delivered through the in-game mailbox), ' +
          'money for their orders held for staff review (`order.held`), and their tickets that staff answered ' +
          '(`ticket.answered`), newest first, at most 30 days back.',
        querystring: notificationsQuerySchema,
        response: { 200: envelope(z.array(notificationSchema)) },
      },
    },
    async (request) => ok(await notificationsSince(app.db, request.user!.id, new Date(request.query.since))),
  );
}
