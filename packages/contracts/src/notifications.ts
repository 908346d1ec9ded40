import { z } from 'zod';

/**
 * What changed for a signed-in player since their last visit. Order kinds stay generic (paid and
 * delivered, money held for review) so that new payment states map onto them.
 */
const notificationKindSchema = z.enum(['order.paid', 'order.held', 'ticket.answered']);

export const notificationSchema = z.object({
  kind: notificationKindSchema,
  /** The order id (unguessable) or the ticket id: what the notification links to. */
  targetId: z.string(),
  /** The order's product id (for its store link); null for a ticket. */
  productId: z.number().int().nullable(),
  /** The pack's or the ticket's title. */
  title: z.string(),
  /** A paid gift the player bought for someone else: whose mailbox it went to; null otherwise. */
  giftTo: z.string().nullable(),
  at: z.string(),
});
export type PlayerNotification = z.infer<typeof notificationSchema>;

export const notificationsQuerySchema = z.object({
  /** The player's last visit (ISO time); at most 30 days back is looked at. */
  since: z.iso.datetime({ offset: true }),
});
