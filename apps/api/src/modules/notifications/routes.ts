import { notificationSchema, notificationsQuerySchema } from '@carabala/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { jsonRoutes } from '../../lib/routes';

export async function notificationRoutes(app: FastifyInstance) {
  const route = jsonRoutes(app, ['users']);
  route({
    method: 'GET',
    url: '/me/notifications',
    access: 'user',
    summary: 'What changed for the signed-in player since their last visit',
    description:
      'Orders they bought or receive that were paid (`order.paid`, delivered through the in-game mailbox), ' +
      'money for their orders held for staff review (`order.held`), and their tickets that staff answered ' +
      '(`ticket.answered`), newest first, at most 30 days back.',
    querystring: notificationsQuerySchema,
    data: z.array(notificationSchema),
    handle: (request) => app.services.notifications.since(request.user!.id, new Date(request.query.since)),
  });
}
