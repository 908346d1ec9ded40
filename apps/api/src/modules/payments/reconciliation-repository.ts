import { and, asc, count, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bankEvents, orders } from '../../db/schema';
import { bankEventColumns, needsReview } from './bank-events-repository';

/** Vietnam has no daylight saving: its day and month start at a fixed +07:00. */
const vietnamDayStart = sql`date_trunc('day', now() + interval '7 hours') - interval '7 hours'`;
const vietnamMonthStart = sql`date_trunc('month', now() + interval '7 hours') - interval '7 hours'`;

/** The money side of the staff overview: paid revenue, orders waiting, bank events to review. */
export async function moneyFigures(db: Db) {
  const [paid] = await db
    .select({
      revenueToday: sql<number>`coalesce(sum(${orders.totalPrice}) filter (where ${orders.paidAt} >= ${vietnamDayStart}), 0)::int`,
      revenueMonth: sql<number>`coalesce(sum(${orders.totalPrice}) filter (where ${orders.paidAt} >= ${vietnamMonthStart}), 0)::int`,
      ordersPaidToday: sql<number>`(count(*) filter (where ${orders.paidAt} >= ${vietnamDayStart}))::int`,
    })
    .from(orders)
    .where(and(eq(orders.status, 'done'), inArray(orders.paidBy, ['bank', 'staff'])));
  const [[waiting], [review]] = await Promise.all([
    db.select({ total: count() }).from(orders).where(eq(orders.status, 'initial')),
    db.select({ total: count() }).from(bankEvents).where(needsReview),
  ]);
  return { ...paid!, ordersWaiting: waiting?.total ?? 0, bankEventsToReview: review?.total ?? 0 };
}

/** Incoming money of one period (a Vietnam-time day), every event with its refunds. */
export async function findEventsReceivedBetween(db: Db, from: Date, to: Date) {
  return db
    .select({ ...bankEventColumns, orderCode: orders.code })
    .from(bankEvents)
    .leftJoin(orders, eq(orders.id, bankEvents.orderId))
    .where(and(gte(bankEvents.receivedAt, from), lt(bankEvents.receivedAt, to)))
    .orderBy(asc(bankEvents.receivedAt));
}
