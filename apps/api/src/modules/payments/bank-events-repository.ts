import { and, asc, count, desc, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import { bankEventsNeedingReview } from '@carabala/contracts';
import type { Db, Tx } from '../../db/client';
import { readPage, type PageQuery } from '../../db/paging';
import { bankEvents, orders, refunds } from '../../db/schema';
import type { OrderRow } from '../orders';

export type BankEventRow = typeof bankEvents.$inferSelect;

/** Money refunded per bank event, as a correlated subquery. */
const refundedOfEvent = sql<number>`(select coalesce(sum(r.amount), 0)::bigint from refunds r
  where r.bank_event_id = "bank_events"."id")`.mapWith(Number);

const orderStatusOfEvent = sql<OrderRow['status'] | null>`(select o.status from orders o
  where o.id = "bank_events"."order_id")`;

const orderCodeOfEvent = sql<string | null>`(select o.code from orders o where o.id = "bank_events"."order_id")`;

export const bankEventColumns = {
  event: bankEvents,
  refunded: refundedOfEvent,
  orderStatus: orderStatusOfEvent,
  orderCode: orderCodeOfEvent,
};

export async function findBankEventsOfOrder(db: Db, orderId: string) {
  return db
    .select(bankEventColumns)
    .from(bankEvents)
    .where(eq(bankEvents.orderId, orderId))
    .orderBy(bankEvents.receivedAt);
}

export async function updateBankEvent(
  tx: Tx,
  id: string,
  change: Partial<
    Pick<BankEventRow, 'match' | 'orderId' | 'creditedAmount' | 'reviewedAt' | 'reviewedBy' | 'reviewNote'>
  >,
) {
  await tx.update(bankEvents).set(change).where(eq(bankEvents.id, id));
}

export async function findBankEvent(db: Db | Tx, id: string) {
  const [row] = await db.select(bankEventColumns).from(bankEvents).where(eq(bankEvents.id, id)).limit(1);
  return row;
}

export async function lockBankEvent(tx: Tx, id: string) {
  const [row] = await tx.select().from(bankEvents).where(eq(bankEvents.id, id)).for('update').limit(1);
  return row;
}

/** The bank events staff still have to handle: money that did not simply pay for a pack. */
export const needsReview = and(inArray(bankEvents.match, bankEventsNeedingReview), isNull(bankEvents.reviewedAt));

export async function findBankEvents(db: Db, review: boolean, query: PageQuery) {
  const where = review ? needsReview : undefined;
  return readPage(
    query,
    db.select(bankEventColumns).from(bankEvents).where(where).orderBy(desc(bankEvents.receivedAt)),
    db.select({ total: count() }).from(bankEvents).where(where),
  );
}

/** Refunds already recorded against an event (the caller holds the event's lock). */
export async function sumRefunds(tx: Tx, bankEventId: string): Promise<number> {
  const [row] = await tx
    .select({ value: sql<number>`coalesce(sum(${refunds.amount}), 0)::bigint`.mapWith(Number) })
    .from(refunds)
    .where(eq(refunds.bankEventId, bankEventId));
  return row?.value ?? 0;
}

/** Refunds recorded against any event of an order. */
export async function sumOrderRefunds(tx: Tx, orderId: string): Promise<number> {
  const [row] = await tx
    .select({ value: sql<number>`coalesce(sum(${refunds.amount}), 0)::bigint`.mapWith(Number) })
    .from(refunds)
    .innerJoin(bankEvents, eq(bankEvents.id, refunds.bankEventId))
    .where(eq(bankEvents.orderId, orderId));
  return row?.value ?? 0;
}

export async function insertRefund(tx: Tx, refund: typeof refunds.$inferInsert) {
  const [row] = await tx.insert(refunds).values(refund).returning();
  return row!;
}

export async function findRefundsOfEvents(db: Db, eventIds: string[]) {
  if (eventIds.length === 0) return [];
  return db.select().from(refunds).where(inArray(refunds.bankEventId, eventIds)).orderBy(asc(refunds.createdAt));
}

/** How many held payments a player's notifications read. */
const NOTIFICATION_LIMIT = 20;
const ofPlayer = (userId: string) => or(eq(orders.buyerId, userId), eq(orders.receiverId, userId));

/** Money received for the player's orders after `since` that was not simply credited: held for staff review. */
export function heldPaymentsSince(db: Db, userId: string, since: Date) {
  return db
    .selectDistinctOn([orders.id], {
      id: orders.id,
      productId: orders.productId,
      title: orders.productTitle,
      at: bankEvents.receivedAt,
      // What the player's notification says: why, and how much is held (an over-payment's surplus).
      match: bankEvents.match,
      heldAmount: sql<number>`(${bankEvents.amount} - ${bankEvents.creditedAmount})::bigint`.mapWith(Number),
    })
    .from(bankEvents)
    .innerJoin(orders, eq(orders.id, bankEvents.orderId))
    .where(
      and(
        ofPlayer(userId),
        inArray(bankEvents.match, ['late', 'overpaid', 'limit_reached', 'cancelled']),
        gt(bankEvents.receivedAt, since),
      ),
    )
    .orderBy(orders.id, desc(bankEvents.receivedAt))
    .limit(NOTIFICATION_LIMIT);
}

/** Money staff sent back for the player's orders after `since` (held or surplus money), with the bank's reference. */
export function refundsSince(db: Db, userId: string, since: Date) {
  return db
    .select({
      id: orders.id,
      productId: orders.productId,
      title: orders.productTitle,
      at: refunds.createdAt,
      amount: refunds.amount,
      reference: refunds.bankReference,
    })
    .from(refunds)
    .innerJoin(bankEvents, eq(bankEvents.id, refunds.bankEventId))
    .innerJoin(orders, eq(orders.id, bankEvents.orderId))
    .where(and(ofPlayer(userId), gt(refunds.createdAt, since)))
    .orderBy(desc(refunds.createdAt))
    .limit(NOTIFICATION_LIMIT);
}

/**
 * The incoming money of these orders with each order's status, and the refunds sent from it: what the
 * player's panel, receipt and history say of money that did not pay for a pack.
 */
export async function findMoneyOfOrders(db: Db, orderIds: string[]) {
  if (orderIds.length === 0) return { events: [], refunds: [] };
  const [events, refunded] = await Promise.all([
    db
      .select({
        orderId: bankEvents.orderId,
        orderStatus: orders.status,
        match: bankEvents.match,
        amount: bankEvents.amount,
        creditedAmount: bankEvents.creditedAmount,
        receivedAt: bankEvents.receivedAt,
        reviewedAt: bankEvents.reviewedAt,
      })
      .from(bankEvents)
      .innerJoin(orders, eq(orders.id, bankEvents.orderId))
      .where(and(inArray(bankEvents.orderId, orderIds), eq(bankEvents.transferType, 'in'), gt(bankEvents.amount, 0)))
      .orderBy(asc(bankEvents.receivedAt)),
    db
      .select({
        orderId: bankEvents.orderId,
        reference: refunds.bankReference,
        amount: refunds.amount,
        at: refunds.createdAt,
      })
      .from(refunds)
      .innerJoin(bankEvents, eq(bankEvents.id, refunds.bankEventId))
      .where(inArray(bankEvents.orderId, orderIds))
      .orderBy(asc(refunds.createdAt), asc(refunds.id)),
  ]);
  return { events, refunds: refunded };
}
