import { z } from 'zod';
import { deliveryStatusSchema } from './mailbox';

/**
 * What changed for a signed-in player since they last saw their notifications (the server keeps that
 * time per account, so every device agrees). Order kinds stay generic (paid and delivered, money held
 * for review) so that new payment states map onto them.
 */
const notificationKindSchema = z.enum(['order.paid', 'order.held', 'order.refunded', 'ticket.answered']);

/** Why money for an order is held: more than the price, too late (paid or expired order), the limit, cancelled. */
export const notificationHeldReasons = ['overpaid', 'late', 'limit_reached', 'cancelled'] as const;

export const notificationSchema = z.object({
  kind: notificationKindSchema,
  /** The order id (unguessable) or the ticket id: what the notification links to. */
  targetId: z.string(),
  /** The order's product id (for its store link); null for a ticket. */
  productId: z.number().int().nullable(),
  /** The pack's or the ticket's title. */
  title: z.string(),
  /** A paid order the player bought for someone else: whose mailbox it went to; null otherwise. */
  giftTo: z.string().nullable(),
  /**
   * Money held for review: on `order.held` the amount held and why; on `order.paid`, an over-payment
   * that came with the payment (reason `overpaid`, the surplus above the price). Null otherwise.
   */
  held: z.object({ reason: z.enum(notificationHeldReasons), amount: z.number().int() }).nullable(),
  /** `order.refunded`: how much staff sent back, and the bank's reference of that transfer. */
  refund: z.object({ amount: z.number().int(), reference: z.string() }).nullable(),
  at: z.string(),
});
export type PlayerNotification = z.infer<typeof notificationSchema>;

/**
 * GET /api/me/notifications/inbox: the player's notifications of the last 90 days, newest first, read
 * or unread (changed after the account's "seen" time); a paid order with where its mail stands.
 */
export const notificationInboxSchema = z.object({
  items: z.array(
    notificationSchema.extend({
      unread: z.boolean(),
      /** `order.paid`: the in-game mail's state (`delivered` once the game took it); null otherwise. */
      delivery: deliveryStatusSchema.nullable(),
      deliveredAt: z.string().nullable(),
    }),
  ),
  seenAt: z.string(),
});
export type NotificationInbox = z.infer<typeof notificationInboxSchema>;

/** POST /api/me/notifications/seen: the player's notifications are seen, on every device, up to this time. */
export const notificationsSeenSchema = z.object({ seenAt: z.string() });
export type NotificationsSeen = z.infer<typeof notificationsSeenSchema>;
