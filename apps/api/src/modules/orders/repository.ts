import { randomBytes } from 'node:crypto';
import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  gte,
  inArray,
  isNotNull,
  isNull,
  like,
  lte,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client';
import { readPage, type PageQuery } from '../../db/paging';
import { countRows, rowsOf } from '../../db/rows';
import { approvalRequests, orders, users } from '../../db/schema';
import { foldedWordsMatch } from '../../db/search';
import { isUuid } from '../../lib/ids';
import { mailStatusOf } from '../mailbox';
import { makeOrderCode } from './order-codes';

export type OrderRow = typeof orders.$inferSelect;
export type NewOrder = typeof orders.$inferInsert;

export async function findOrderIdByCode(db: Db | Tx, code: string): Promise<string | undefined> {
  const [row] = await db.select({ id: orders.id }).from(orders).where(eq(orders.code, code)).limit(1);
  return row?.id;
}

/** Releases this period's limited purchases under a key prefix (of one player, or of everyone). */
export async function releaseLimits(tx: Tx, keyPrefix: string, period: string, receiverId?: string): Promise<number> {
  const released = await tx
    .update(orders)
    .set({ limitReleasedAt: new Date() })
    .where(
      and(
        sql`${orders.limitKey} like ${`${keyPrefix}%`}`,
        eq(orders.limitPeriod, period),
        isNull(orders.limitReleasedAt),
        receiverId ? eq(orders.receiverId, receiverId) : undefined,
      ),
    )
    .returning({ id: orders.id });
  return released.length;
}

export async function lockOrderRow(tx: Tx, id: string): Promise<OrderRow | undefined> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for('update').limit(1);
  return row;
}

/** Refunded money per order, for order lists. */
const refundedOfOrder = sql<number>`(select coalesce(sum(r.amount), 0)::bigint from refunds r
  join bank_events be on be.id = r.bank_event_id where be.order_id = "orders"."id")`.mapWith(Number);

export interface OrderFilter {
  status?: OrderRow['status'];
  /** An order code, a transaction id or a User ID. */
  q?: string;
  code?: string;
  shortId?: string;
  from?: string;
  to?: string;
  sort?: 'newest' | 'oldest' | 'price_desc' | 'price_asc';
}

const orderSorts = {
  newest: [desc(orders.createdAt), desc(orders.id)],
  oldest: [asc(orders.createdAt), asc(orders.id)],
  price_desc: [desc(orders.totalPrice), desc(orders.createdAt)],
  price_asc: [asc(orders.totalPrice), desc(orders.createdAt)],
} as const;

/** The buyer of an order, beside its receiver in the same row. */
const buyers = alias(users, 'buyers');
/** A grant's requester and approver, through the approved request that made it. */
const requesters = alias(users, 'grant_requesters');
const approvers = alias(users, 'grant_approvers');

/** An order with its receiver, delivery and refunds: the one shape every view of an order reads. */
const orderListColumns = {
  order: orders,
  receiverShortId: users.shortId,
  receiverName: users.displayName,
  receiverAvatar: users.avatar,
  buyerShortId: buyers.shortId,
  buyerName: buyers.displayName,
  grantRequester: { id: requesters.id, shortId: requesters.shortId, displayName: requesters.displayName },
  grantApprover: { id: approvers.id, shortId: approvers.shortId, displayName: approvers.displayName },
  delivery: mailStatusOf('order', sql`"orders"."id"`),
  refunded: refundedOfOrder,
};

/**
 * Orders with those columns, each joined to its receiver and its buyer (none for a staff grant), and a
 * grant to the request that made it (the approvals module's table, read by name as the refunds are).
 */
const selectOrders = (db: Db | Tx) =>
  db
    .select(orderListColumns)
    .from(orders)
    .innerJoin(users, eq(users.id, orders.receiverId))
    .leftJoin(buyers, eq(buyers.id, orders.buyerId))
    .leftJoin(approvalRequests, eq(approvalRequests.id, orders.approvalId))
    .leftJoin(requesters, eq(requesters.id, approvalRequests.requestedBy))
    .leftJoin(approvers, eq(approvers.id, approvalRequests.decidedBy));

export async function findOrders(db: Db, filter: OrderFilter, query: PageQuery) {
  const conditions: SQL[] = [];
  if (filter.status) conditions.push(eq(orders.status, filter.status));
  if (filter.q) {
    const q = filter.q.replace(/^ID:\s*/i, '');
    const matches = [eq(orders.code, q.toUpperCase()), eq(users.shortId, q)];
    if (isUuid(q)) matches.push(eq(orders.id, q.toLowerCase()));
    const receiverName = foldedWordsMatch(q, users.displayName);
    if (receiverName) matches.push(receiverName);
    conditions.push(or(...matches)!);
  }
  if (filter.code) conditions.push(eq(orders.code, filter.code.toUpperCase()));
  if (filter.shortId) conditions.push(eq(users.shortId, filter.shortId));
  if (filter.from) conditions.push(gte(orders.createdAt, new Date(filter.from)));
  if (filter.to) conditions.push(lte(orders.createdAt, new Date(filter.to)));
  const where = conditions.length ? and(...conditions) : undefined;
  return readPage(
    query,
    selectOrders(db)
      .where(where)
      .orderBy(...orderSorts[filter.sort ?? 'newest']),
    db.select({ total: count() }).from(orders).innerJoin(users, eq(users.id, orders.receiverId)).where(where),
  );
}

export async function findOrderByCode(db: Db, code: string) {
  const [row] = await selectOrders(db).where(eq(orders.code, code)).limit(1);
  return row;
}

/** Unpaid orders created in [from, to]: a range of orders_status_idx. */
const openOrdersBetween = (from: Date, to: Date) =>
  and(eq(orders.status, 'initial'), gte(orders.createdAt, from), lte(orders.createdAt, to));

/** The codes of unpaid orders created in [from, to], newest first, at most `limit` (an attach's near-miss search). */
export function findOpenOrderCodes(db: Db, from: Date, to: Date, limit: number) {
  return db
    .select({ id: orders.id, code: orders.code })
    .from(orders)
    .where(openOrdersBetween(from, to))
    .orderBy(desc(orders.createdAt))
    .limit(limit);
}

/** Unpaid orders created in [from, to] that still owe exactly `amountDue`, newest first, at most `limit`. */
export function findOpenOrdersOwing(db: Db, amountDue: number, from: Date, to: Date, limit: number) {
  return selectOrders(db)
    .where(and(openOrdersBetween(from, to), sql`${orders.totalPrice} - ${orders.accumulatedAmount} = ${amountDue}`))
    .orderBy(desc(orders.createdAt))
    .limit(limit);
}

/** Orders by id, each with its receiver. */
export function findOrdersWithReceiver(db: Db | Tx, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return selectOrders(db).where(inArray(orders.id, ids));
}

interface MoneyRow {
  reference: string | null;
  amount: number | string;
  at: Date | string;
}
const moneyOf = (rows: MoneyRow[]) =>
  rows.map((row) => ({ reference: row.reference, amount: Number(row.amount), at: new Date(row.at).toISOString() }));

/**
 * The bank transfers that came for an order, each with the bank's reference: what a receipt lists.
 * (The table is the payments module's; read here by name, as the order lists read the refunded sum.
 * What did not pay for the pack, and its refunds, the payments module tells: `heldMoneyOf`.)
 */
export async function findOrderTransfers(db: Db, orderId: string) {
  const transfers = await db.execute(sql`select reference_code as reference, amount,
      coalesce(transaction_date, received_at) as at
    from bank_events where order_id = ${orderId} and transfer_type = 'in' and amount > 0
    order by at, id`);
  return moneyOf(rowsOf<MoneyRow>(transfers));
}

export async function findOrderWithReceiver(db: Db | Tx, id: string) {
  const [row] = await selectOrders(db).where(eq(orders.id, id)).limit(1);
  return row;
}

/**
 * A player's history: what they bought, and what someone else bought for them once it is paid.
 * Anyone may start an order for any User ID, so an unpaid one is not the receiver's to see.
 */
export async function findOrderHistory(db: Db, userId: string, query: PageQuery) {
  const mine = or(eq(orders.buyerId, userId), and(eq(orders.receiverId, userId), isNotNull(orders.paidAt)));
  return readPage(
    query,
    selectOrders(db).where(mine).orderBy(desc(orders.createdAt)),
    db.select({ total: count() }).from(orders).where(mine),
  );
}

/** Paid orders that still count towards a purchase limit in its period. */
export async function countLimitUses(db: Db | Tx, receiverId: string, key: string, period: string): Promise<number> {
  return countRows(
    db,
    orders,
    and(
      eq(orders.receiverId, receiverId),
      eq(orders.limitKey, key),
      eq(orders.limitPeriod, period),
      eq(orders.status, 'done'),
      isNull(orders.limitReleasedAt),
    ),
  );
}

/** For each limit slot (`key` in `period`), the receiver's paid orders that still count towards it. */
export async function countLimitUsesBySlot(
  db: Db,
  receiverId: string,
  slots: { key: string; period: string }[],
): Promise<Map<string, number>> {
  if (slots.length === 0) return new Map();
  const rows = await db
    .select({ key: orders.limitKey, period: orders.limitPeriod, value: count() })
    .from(orders)
    .where(
      and(
        eq(orders.receiverId, receiverId),
        inArray(
          orders.limitKey,
          slots.map((slot) => slot.key),
        ),
        eq(orders.status, 'done'),
        isNull(orders.limitReleasedAt),
      ),
    )
    .groupBy(orders.limitKey, orders.limitPeriod);
  return new Map(rows.map((row) => [`${row.key}|${row.period}`, row.value]));
}

/**
 * The orders that take a pack's stock at `now`: paid ones, and unpaid ones whose payment window is
 * still open (an order the player may still pay holds its unit).
 */
export async function countPackSales(db: Db | Tx, packId: number, now: Date): Promise<number> {
  const takesStock = or(eq(orders.status, 'done'), and(eq(orders.status, 'initial'), gt(orders.expiresAt, now)));
  return countRows(db, orders, and(eq(orders.packId, packId), takesStock));
}

/**
 * Serialises the orders placed for one receiver until the transaction ends, so that the counts of their
 * open orders read next stay true when the new order is written (concurrent orders wait in turn).
 */
export async function lockReceiverOrders(tx: Tx, receiverId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('orders:' || ${receiverId}))`);
}

/** Unpaid orders still inside their payment window: the orders that may yet be paid. */
const openAt = (now: Date) => and(eq(orders.status, 'initial'), gt(orders.expiresAt, now));

/** The receiver's open orders made without signing in. */
export function countGuestOpenOrders(tx: Tx, receiverId: string, now: Date): Promise<number> {
  return countRows(tx, orders, and(eq(orders.receiverId, receiverId), isNull(orders.buyerId), openAt(now)));
}

/** The receiver's open order of a pack, if any (with a stock, a receiver has at most one). */
export async function findOpenOrderOfPack(tx: Tx, receiverId: string, packId: number, now: Date) {
  const [row] = await tx
    .select({ id: orders.id, buyerId: orders.buyerId, productId: orders.productId })
    .from(orders)
    .where(and(eq(orders.receiverId, receiverId), eq(orders.packId, packId), openAt(now)))
    .limit(1);
  return row;
}

/** Draws order codes until one is free; collisions are rare (32^8 codes) but possible. */
export async function insertOrderWithFreshCode(
  db: Db | Tx,
  prefix: string,
  order: Omit<NewOrder, 'code'>,
): Promise<OrderRow> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const [inserted] = await db
      .insert(orders)
      .values({ ...order, code: makeOrderCode(prefix, randomBytes(8)) })
      .onConflictDoNothing({ target: orders.code })
      .returning();
    if (inserted) return inserted;
  }
  throw new Error('could not draw a free order code');
}

/** How many results a player's notifications read of each kind. */
const NOTIFICATION_LIMIT = 20;
const ofPlayer = (userId: string) => or(eq(orders.buyerId, userId), eq(orders.receiverId, userId));

/** Orders the player bought or receives that were paid after `since` (delivery follows through the outbox). */
export function paidOrdersSince(db: Db, userId: string, since: Date) {
  return db
    .select({
      id: orders.id,
      productId: orders.productId,
      title: orders.productTitle,
      at: orders.paidAt,
      giftTo: sql<string | null>`case when ${orders.receiverId} <> ${userId} then ${users.displayName} end`,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.receiverId))
    .where(and(ofPlayer(userId), eq(orders.status, 'done'), gt(orders.paidAt, since)))
    .orderBy(desc(orders.paidAt))
    .limit(NOTIFICATION_LIMIT);
}

/**
 * The orders a player bought or receives, newest first, for the staff's player page: unpaid ones
 * too (staff see every order), each with its receiver and its buyer (null: a guest's order).
 */
export function recentOrdersOf(db: Db, userId: string, limit: number) {
  return selectOrders(db).where(ofPlayer(userId)).orderBy(desc(orders.createdAt), desc(orders.id)).limit(limit);
}

/**
 * The bank-transfer orders created in [from, to), as a relation other statements compose (the
 * analytics' conversion): `created_at`, and `paid_at` when transfers paid the order in full (null while
 * unpaid, and when it was held, cancelled or marked paid by staff: no transfer paid it).
 */
export function bankOrderLines({ from, to }: { from: Date; to: Date }): SQL {
  return sql`SELECT ${orders.createdAt} AS created_at,
      CASE WHEN ${orders.paidBy} = 'bank' AND ${orders.status} = 'done' THEN ${orders.paidAt} END AS paid_at
    FROM ${orders}
    WHERE ${orders.kind} = 'bank'
      AND ${orders.createdAt} >= ${from.toISOString()}::timestamptz
      AND ${orders.createdAt} < ${to.toISOString()}::timestamptz`;
}

/** Orders open and within their payment window, waiting for money: how many, and the oldest's creation. */
export async function ordersAwaitingPayment(db: Db): Promise<{ count: number; oldestAt: Date | null }> {
  const [row] = await db
    .select({
      count: count(),
      oldestAt: sql<Date | null>`min(${orders.createdAt})`.mapWith((value) => new Date(value)),
    })
    .from(orders)
    .where(and(eq(orders.status, 'initial'), or(isNull(orders.expiresAt), gt(orders.expiresAt, sql`now()`))));
  return { count: row?.count ?? 0, oldestAt: row?.oldestAt ?? null };
}

/** The uploaded pictures orders show (their card as it was when made): the sweep of unused pictures keeps them. */
export async function orderArtReferences(db: Db): Promise<string[]> {
  const rows = await db
    .selectDistinct({ thumbnail: orders.thumbnail })
    .from(orders)
    .where(like(orders.thumbnail, '%/api/uploads/%'));
  return rows.flatMap((row) => row.thumbnail ?? []);
}

/** A paid order and who receives its receipts: the buyer and the receiver, each with a verified e-mail or null. */
export interface PaidOrderForReceipt {
  id: string;
  code: string;
  productTitle: string;
  totalPrice: number;
  paidAt: Date | string;
  receiverId: string;
  receiverShortId: string;
  receiverName: string;
  people: { id: string; email: string | null; name: string }[];
}

/** Bought orders paid (done) by these ids or since `paidSince`, oldest first: the e-mail receipts read them. */
export async function paidOrdersForReceipts(db: Db, which: { ids?: string[]; paidSince?: Date }, limit = 500) {
  const ids = which.ids?.filter(isUuid) ?? null;
  if (ids?.length === 0) return [];
  const result = await db.execute(sql`
    SELECT o.id, o.code, o.product_title AS "productTitle", o.total_price AS "totalPrice", o.paid_at AS "paidAt",
      o.receiver_id AS "receiverId", r.short_id AS "receiverShortId", r.display_name AS "receiverName",
      (SELECT json_agg(json_build_object('id', u.id, 'name', coalesce(u.full_name, u.display_name),
         'email', CASE WHEN u.email_verified_at IS NOT NULL THEN u.email END))
       FROM users u WHERE u.id IN (o.buyer_id, o.receiver_id)) AS people
    FROM orders o JOIN users r ON r.id = o.receiver_id
    WHERE o.status = 'done' AND o.kind = 'bank' AND o.paid_at IS NOT NULL
      AND ${ids ? sql`o.id = ANY(${`{${ids.join(',')}}`}::uuid[])` : sql`o.paid_at >= ${(which.paidSince ?? new Date(0)).toISOString()}::timestamptz`}
    ORDER BY o.paid_at LIMIT ${limit}`);
  return rowsOf<PaidOrderForReceipt>(result);
}
