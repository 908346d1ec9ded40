import { vietnamDay, vietnamDayRange, vietnamMonthRange } from '@carabala/contracts/labels';
import { and, asc, count, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { bankEvents, orders } from '../../db/schema';
import { bankEventColumns, needsReview } from './bank-events-repository';

/**
 * Revenue, the one definition the overview, the daily report, its CSV and the analytics share: the
 * money incoming bank events received in [from, to) credited to orders ("Đã ghi có"). Money on an
 * order that was then held or cancelled is held for review, not revenue (as `creditedPart` reads one
 * event); an order a staff member marked paid brought no bank money and adds nothing.
 *
 * A relation other statements compose (`FROM (${revenueLines(range)}) AS revenue`), one row per
 * incoming event: `received_at`, `credited` (its revenue, 0 for held or unmatched money), and its
 * order's `order_id`, `receiver_id`, `product_id` and `product_title` (null without an order).
 */
export function revenueLines({ from, to, receiverId }: { from: Date; to: Date; receiverId?: string }): SQL {
  return sql`SELECT ${bankEvents.receivedAt} AS received_at,
      CASE WHEN ${orders.status} IN ('held', 'cancelled') THEN 0 ELSE ${bankEvents.creditedAmount} END AS credited,
      ${orders.id} AS order_id, ${orders.receiverId} AS receiver_id,
      ${orders.productId} AS product_id, ${orders.productTitle} AS product_title
    FROM ${bankEvents} LEFT JOIN ${orders} ON ${orders.id} = ${bankEvents.orderId}
    WHERE ${bankEvents.transferType} = 'in'
      AND ${bankEvents.receivedAt} >= ${from.toISOString()}::timestamptz
      AND ${bankEvents.receivedAt} < ${to.toISOString()}::timestamptz
      ${receiverId ? sql`AND ${orders.receiverId} = ${receiverId}` : sql``}`;
}

/** The revenue of [from, to): the sum of `revenueLines`. */
export async function creditedRevenue(db: Db | Tx, range: { from: Date; to: Date }): Promise<number> {
  const [row] = rowsOf<{ total: string | number }>(
    await db.execute(sql`SELECT coalesce(sum(credited), 0)::bigint AS total FROM (${revenueLines(range)}) AS revenue`),
  );
  return Number(row?.total ?? 0);
}

/** The money side of the staff overview: today's and this month's revenue (Vietnam time), what waits. */
export async function moneyFigures(db: Db, now = new Date()) {
  const today = vietnamDay(now);
  const day = vietnamDayRange(today);
  const [revenueToday, revenueMonth, [paid], [waiting], [review]] = await Promise.all([
    creditedRevenue(db, day),
    creditedRevenue(db, vietnamMonthRange(today)),
    db
      .select({ total: count() })
      .from(orders)
      .where(
        and(
          eq(orders.status, 'done'),
          inArray(orders.paidBy, ['bank', 'staff']),
          gte(orders.paidAt, day.from),
          lt(orders.paidAt, day.to),
        ),
      ),
    db.select({ total: count() }).from(orders).where(eq(orders.status, 'initial')),
    db.select({ total: count() }).from(bankEvents).where(needsReview),
  ]);
  return {
    revenueToday,
    revenueMonth,
    ordersPaidToday: paid?.total ?? 0,
    ordersWaiting: waiting?.total ?? 0,
    bankEventsToReview: review?.total ?? 0,
  };
}

/** Incoming money of one period (a Vietnam-time day), every event with its refunds. */
export async function findEventsReceivedBetween(db: Db | Tx, { from, to }: { from: Date; to: Date }) {
  return db
    .select({ ...bankEventColumns, orderCode: orders.code })
    .from(bankEvents)
    .leftJoin(orders, eq(orders.id, bankEvents.orderId))
    .where(and(gte(bankEvents.receivedAt, from), lt(bankEvents.receivedAt, to)))
    .orderBy(asc(bankEvents.receivedAt));
}

/** When the newest bank event was stored, and the money held for staff review: how many events, the oldest. */
export async function bankEventHealth(db: Db) {
  const asDate = (value: string | Date) => new Date(value);
  const [[latest], [held]] = await Promise.all([
    db.select({ at: sql<Date | null>`max(${bankEvents.receivedAt})`.mapWith(asDate) }).from(bankEvents),
    db
      .select({ count: count(), oldestAt: sql<Date | null>`min(${bankEvents.receivedAt})`.mapWith(asDate) })
      .from(bankEvents)
      .where(needsReview),
  ]);
  return {
    lastEventAt: latest?.at ?? null,
    heldCount: held?.count ?? 0,
    heldOldestAt: held?.oldestAt ?? null,
  };
}
