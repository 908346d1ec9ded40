import { and, desc, eq, gt, inArray, max, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bankEvents, orders, ticketReplies, tickets } from '../../db/schema';

const LIMIT = 20;

/** Orders the player bought or receives that were paid after `since` (delivery follows through the outbox). */
export function paidOrdersSince(db: Db, userId: string, since: Date) {
  return db
    .select({ id: orders.id, productId: orders.productId, title: orders.productTitle, at: orders.paidAt })
    .from(orders)
    .where(
      and(
        or(eq(orders.buyerId, userId), eq(orders.receiverId, userId)),
        eq(orders.status, 'done'),
        gt(orders.paidAt, since),
      ),
    )
    .orderBy(desc(orders.paidAt))
    .limit(LIMIT);
}

/** Money received for the player's orders after `since` that was not simply credited: held for staff review. */
export function heldPaymentsSince(db: Db, userId: string, since: Date) {
  return db
    .selectDistinctOn([orders.id], {
      id: orders.id,
      productId: orders.productId,
      title: orders.productTitle,
      at: bankEvents.receivedAt,
    })
    .from(bankEvents)
    .innerJoin(orders, eq(orders.id, bankEvents.orderId))
    .where(
      and(
        or(eq(orders.buyerId, userId), eq(orders.receiverId, userId)),
        inArray(bankEvents.match, ['late', 'overpaid', 'limit_reached', 'cancelled']),
        gt(bankEvents.receivedAt, since),
      ),
    )
    .orderBy(orders.id, desc(bankEvents.receivedAt))
    .limit(LIMIT);
}

/** The player's tickets that staff replied to after `since`, with the latest reply's time. */
export function answeredTicketsSince(db: Db, userId: string, since: Date) {
  return db
    .select({ id: tickets.id, title: tickets.title, at: max(ticketReplies.createdAt) })
    .from(ticketReplies)
    .innerJoin(tickets, eq(tickets.id, ticketReplies.ticketId))
    .where(and(eq(tickets.userId, userId), gt(ticketReplies.createdAt, since)))
    .groupBy(tickets.id, tickets.title)
    .orderBy(desc(max(ticketReplies.createdAt)))
    .limit(LIMIT);
}
