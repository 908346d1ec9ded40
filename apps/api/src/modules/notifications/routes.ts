import { notificationInboxSchema, notificationSchema, notificationsSeenSchema } from '@carabala/contracts';
import { z } from 'zod';
import { jsonRoutes } from '../../lib/routes';

export const notificationRoutes = jsonRoutes(['users'], (route, { notifications }) => {
  route('GET /me/notifications', 'user', {
    summary: 'What changed for the signed-in player since they last saw their notifications',
    description:
      'Orders they bought or receive that were paid (`order.paid`, delivered through the in-game mailbox; an ' +
      'over-payment that came with it in `held`), money for their orders held for staff review (`order.held`, ' +
      'with the amount and why), money staff sent back (`order.refunded`), and their tickets that staff answered (`ticket.answered`), newest first, at ' +
      'most 30 days back. "Since" is the account\'s own time, set by `POST /me/notifications/seen`: every ' +
      'device and tab agrees.',
    data: z.array(notificationSchema),
    handle: (request) => notifications.unseen(request.user!.id),
  });
  route('GET /me/notifications/inbox', 'user', {
    summary: "The signed-in player's notifications of the last 90 days, read or unread",
    description:
      'The same kinds as `GET /me/notifications` and refunds staff recorded (`order.refunded`, with the amount and ' +
      "the bank's reference), newest first; `unread` when it changed after the account's \"seen\" time; a paid " +
      "order with its in-game mail's state (`delivery`, `deliveredAt`).",
    data: notificationInboxSchema,
    handle: (request) => notifications.inbox(request.user!.id),
  });
  route('POST /me/notifications/seen', 'user', {
    summary: 'The signed-in player saw their notifications',
    description: 'Moves the account\'s "seen" time to now: the next `GET /me/notifications`, on any device, is empty.',
    data: notificationsSeenSchema,
    handle: (request) => notifications.markSeen(request.user!.id),
  });
});
