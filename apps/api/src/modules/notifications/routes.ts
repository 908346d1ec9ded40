import { notificationSchema, notificationsQuerySchema } from '@carabala/contracts';
import { z } from 'zod';
import { jsonRoutes } from '../../lib/routes';

export const notificationRoutes = jsonRoutes(['users'], (route, { notifications }) => {
  route('GET /me/notifications', 'user', {
    summary: 'What changed for the signed-in player since their last visit',
    description:
      'Orders they bought or receive that were paid (`order.paid`, delivered through the in-game mailbox), ' +
      'money for their orders held for staff review (`order.held`), and their tickets that staff answered ' +
      '(`ticket.answered`), newest first, at most 30 days back.',
    querystring: notificationsQuerySchema,
    data: z.array(notificationSchema),
    handle: (request) => notifications.since(request.user!.id, new Date(request.query.since)),
  });
});
