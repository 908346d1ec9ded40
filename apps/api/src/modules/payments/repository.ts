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
  lt,
  lte,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import { bankEventsNeedingReview, type BankEventMatch } from '@carabala/contracts';
import type { Db, Tx } from '../../db/client';
import { readPage, type PageQuery } from '../../db/paging';
import { rowsOf } from '../../db/rows';
import { bankEvents, bankFeedState, orders, refunds, users } from '../../db/schema';
import { isUuid } from '../../lib/ids';
import { insertMailsSql, mailStatusOf } from '../mailbox';
import { makeOrderCode } from './order-codes';

export type OrderRow = typeof orders.$inferSelect;
export type NewOrder = typeof orders.$inferInsert;
export type BankEventRow = typeof bankEvents.$inferSelect;

/** A bank event to store; the credit only happens when this insert does (it is the dedup key). */
export interface NewBankEvent {
  provider: string;
  providerId: string;
  amount: number;
  transferType: string | null;
  accountNumber: string | null;
  content: string | null;
  referenceCode: string | null;
  transactionDate: Date | null;
  payload: unknown;
  transferKey: string | null;
  /** Set when the event cannot credit an order: outgoing, wrong account, no amount. */
  preMatch: BankEventMatch | null;
}

export interface Credit {
  /** The order: the first existing of these codes (best first), or an order id. */
  target: { codes: string[] } | { orderId: string };
  amount: number;
  paidBy: 'bank' | 'staff' | 'grant';
  /** Staff mark paid: the order is paid whatever it received. */
  force?: boolean;
  /** Written on the order when it is paid by staff. */
  note?: string | null;
  /** Bank feed: store this event, and credit only if it was not stored before. */
  event?: NewBankEvent;
  mailTitlePrefix: string;
}

export type CreditOutcome =
  | { kind: 'duplicate' }
  | {
      kind: 'recorded';
      match: BankEventMatch;
      orderId: string | null;
      orderCode: string | null;
      /** The part of the amount that paid for the pack. */
      credited: number;
      previousStatus: OrderRow['status'] | null;
      status: OrderRow['status'] | null;
      /** The order became paid and its mail was written. */
      paid: boolean;
      cancelled: number;
    };

/**
 * The one operation that moves money onto an order, in one statement (atomic, one round trip):
 * - the order and every order of the same receiver, limited pack and period are locked in id order
 *   (FOR UPDATE), so payments of one order add up and payments of sibling orders run one at a time
 *   and see each other's latest state;
 * - money is added; reaching the total (or a staff mark) makes the order paid, unless the receiver
 *   already has a paid order in that limit slot: then it is held ("limit reached");
 * - a paid limited order cancels the receiver's other unpaid orders of that slot;
 * - the pack's mail is written with the payment (the outbox);
 * - with a bank event, the event insert is ON CONFLICT DO NOTHING on its provider id and on its
 *   transfer key, and nothing else happens unless it was inserted: a retried or pulled copy is a no-op.
 */
export async function creditMoney(db: Db | Tx, credit: Credit): Promise<CreditOutcome> {
  const target =
    'orderId' in credit.target
      ? sql`SELECT o.id, o.receiver_id, o.limit_key, o.limit_period FROM orders o WHERE o.id = ${credit.target.orderId}`
      : sql`SELECT o.id, o.receiver_id, o.limit_key, o.limit_period FROM orders o
          WHERE o.code = ANY(${`{${credit.target.codes.join(',')}}`}::text[])
          ORDER BY array_position(${`{${credit.target.codes.join(',')}}`}::text[], o.code::text) LIMIT 1`;
  const event = credit.event;
  const preMatch = event?.preMatch ?? null;
  // With an event, the changes join `event` so that they only happen when it was inserted.
  const onlyIfInserted = event ? sql`, event e` : sql``;
  const eventCte = event
    ? sql`event AS (
        INSERT INTO bank_events (provider, provider_id, order_id, amount, transfer_type, account_number, content,
          reference_code, match, credited_amount, transaction_date, payload, transfer_key)
        SELECT ${event.provider}, ${event.providerId}, d.id, ${event.amount}, ${event.transferType},
          ${event.accountNumber}, ${event.content}, ${event.referenceCode}, d.match::bank_event_match, COALESCE(d.credited, 0),
          ${event.transactionDate ? event.transactionDate.toISOString() : null}::timestamptz,
          ${JSON.stringify(event.payload)}::jsonb, ${event.transferKey}
        FROM decision d
        ON CONFLICT DO NOTHING
        RETURNING id
      ),`
    : sql``;
  const result = await db.execute(sql`
    WITH target AS (${target}),
    grp AS (
      SELECT s.id, s.code, s.status, s.accumulated_amount, s.total_price, s.receiver_id, s.product_title, s.items,
        s.limit_released_at
      FROM orders s, target t
      WHERE s.id = t.id OR (t.limit_key IS NOT NULL AND s.receiver_id = t.receiver_id
        AND s.limit_key = t.limit_key AND s.limit_period = t.limit_period)
      ORDER BY s.id
      FOR UPDATE OF s
    ),
    cur AS (
      SELECT g.*, g.accumulated_amount + ${credit.amount}::bigint AS new_amount,
        (g.status = 'initial' AND (g.accumulated_amount + ${credit.amount}::bigint >= g.total_price
          OR ${credit.force ?? false}::boolean)) AS reaches,
        EXISTS (SELECT 1 FROM grp o WHERE o.id <> g.id AND o.status = 'done' AND o.limit_released_at IS NULL)
          AS limit_used
      FROM grp g JOIN target t ON t.id = g.id
    ),
    decision AS (
      SELECT c.id, c.code, c.status::text AS previous_status, c.new_amount, c.receiver_id, c.product_title, c.items,
        CASE WHEN c.reaches THEN (CASE WHEN c.limit_used THEN 'held' ELSE 'done' END) ELSE c.status::text END
          AS status,
        COALESCE(${preMatch}::text, CASE
          WHEN c.id IS NULL THEN 'unmatched'
          WHEN c.status = 'done' THEN 'late'
          WHEN c.status = 'held' THEN 'limit_reached'
          WHEN c.status = 'cancelled' THEN 'cancelled'
          WHEN c.reaches AND c.limit_used THEN 'limit_reached'
          WHEN c.new_amount > c.total_price THEN 'overpaid'
          ELSE 'credited' END) AS match,
        CASE WHEN c.id IS NULL OR c.status <> 'initial' OR (c.reaches AND c.limit_used) THEN 0
          WHEN c.reaches THEN LEAST(${credit.amount}::bigint, GREATEST(c.total_price - c.accumulated_amount, 0))
          ELSE ${credit.amount}::bigint END AS credited
      FROM (SELECT 1) AS one LEFT JOIN cur c ON true
    ),
    ${eventCte}
    credited AS (
      UPDATE orders o SET
        accumulated_amount = d.new_amount,
        status = d.status::order_status,
        paid_at = CASE WHEN d.status = 'done' AND d.previous_status = 'initial' THEN now() ELSE o.paid_at END,
        paid_by = CASE WHEN d.status = 'done' AND d.previous_status = 'initial'
          THEN ${credit.paidBy}::order_paid_by ELSE o.paid_by END,
        closed_at = CASE WHEN d.status = 'held' AND d.previous_status = 'initial' THEN now() ELSE o.closed_at END,
        note = COALESCE(${credit.note ?? null}::text, o.note)
      FROM decision d ${onlyIfInserted}
      WHERE o.id = d.id
      RETURNING o.id
    ),
    cancelled AS (
      UPDATE orders o SET status = 'cancelled', closed_at = now()
      FROM decision d, grp g ${onlyIfInserted}
      WHERE d.status = 'done' AND d.previous_status = 'initial' AND g.id <> d.id AND g.status = 'initial'
        AND o.id = g.id
      RETURNING o.id
    ),
    mail AS (
      ${insertMailsSql(sql`
        SELECT d.receiver_id, u.short_id, ${credit.mailTitlePrefix} || d.product_title, d.items, 'order', d.id::text
        FROM decision d JOIN users u ON u.id = d.receiver_id ${onlyIfInserted}
        WHERE d.previous_status = 'initial' AND d.status = 'done'`)}
    )
    SELECT d.match, d.id AS "orderId", d.code AS "orderCode", COALESCE(d.credited, 0)::bigint AS credited, d.previous_status AS "previousStatus", d.status,
      (SELECT count(*) FROM mail)::int AS mails, (SELECT count(*) FROM cancelled)::int AS cancelled,
      ${event ? sql`(SELECT count(*) FROM event)::int` : sql`1`} AS inserted
    FROM decision d`);
  const [row] = rowsOf<{
    match: BankEventMatch;
    orderId: string | null;
    orderCode: string | null;
    credited: string | number;
    previousStatus: OrderRow['status'] | null;
    status: OrderRow['status'] | null;
    mails: number;
    cancelled: number;
    inserted: number;
  }>(result);
  if (!row || row.inserted === 0) return { kind: 'duplicate' };
  return {
    kind: 'recorded',
    match: row.match,
    orderId: row.orderId,
    orderCode: row.orderCode,
    credited: Number(row.credited),
    previousStatus: row.previousStatus,
    status: row.status,
    paid: row.mails > 0,
    cancelled: row.cancelled,
  };
}

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

/** Money refunded per bank event, as a correlated subquery. */
const refundedOfEvent = sql<number>`(select coalesce(sum(r.amount), 0)::bigint from refunds r
  where r.bank_event_id = "bank_events"."id")`.mapWith(Number);

const orderStatusOfEvent = sql<OrderRow['status'] | null>`(select o.status from orders o
  where o.id = "bank_events"."order_id")`;

const bankEventColumns = { event: bankEvents, refunded: refundedOfEvent, orderStatus: orderStatusOfEvent };

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
const needsReview = and(inArray(bankEvents.match, bankEventsNeedingReview), isNull(bankEvents.reviewedAt));

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

export async function lockOrderRow(tx: Tx, id: string): Promise<OrderRow | undefined> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for('update').limit(1);
  return row;
}

export async function findRefundsOfEvents(db: Db, eventIds: string[]) {
  if (eventIds.length === 0) return [];
  return db.select().from(refunds).where(inArray(refunds.bankEventId, eventIds)).orderBy(asc(refunds.createdAt));
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

/** An order with its receiver, delivery and refunds: the one shape every view of an order reads. */
const orderListColumns = {
  order: orders,
  receiverShortId: users.shortId,
  receiverName: users.displayName,
  receiverAvatar: users.avatar,
  delivery: mailStatusOf('order', sql`"orders"."id"`),
  refunded: refundedOfOrder,
};

/** Orders with those columns, each joined to its receiver. */
const selectOrders = (db: Db | Tx) =>
  db.select(orderListColumns).from(orders).innerJoin(users, eq(users.id, orders.receiverId));

export async function findOrders(db: Db, filter: OrderFilter, query: PageQuery) {
  const conditions: SQL[] = [];
  if (filter.status) conditions.push(eq(orders.status, filter.status));
  if (filter.q) {
    const q = filter.q.replace(/^ID:\s*/i, '');
    const matches = [eq(orders.code, q.toUpperCase()), eq(users.shortId, q)];
    if (isUuid(q)) matches.push(eq(orders.id, q.toLowerCase()));
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
  const [row] = await db
    .select({ value: count() })
    .from(orders)
    .where(
      and(
        eq(orders.receiverId, receiverId),
        eq(orders.limitKey, key),
        eq(orders.limitPeriod, period),
        eq(orders.status, 'done'),
        isNull(orders.limitReleasedAt),
      ),
    );
  return row?.value ?? 0;
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

/** How many results a player's notifications read of each kind. */
const NOTIFICATION_LIMIT = 20;
const ofPlayer = (userId: string) => or(eq(orders.buyerId, userId), eq(orders.receiverId, userId));

/** Orders the player bought or receives that were paid after `since` (delivery follows through the outbox). */
export function paidOrdersSince(db: Db, userId: string, since: Date) {
  return db
    .select({ id: orders.id, productId: orders.productId, title: orders.productTitle, at: orders.paidAt })
    .from(orders)
    .where(and(ofPlayer(userId), eq(orders.status, 'done'), gt(orders.paidAt, since)))
    .orderBy(desc(orders.paidAt))
    .limit(NOTIFICATION_LIMIT);
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
        ofPlayer(userId),
        inArray(bankEvents.match, ['late', 'overpaid', 'limit_reached', 'cancelled']),
        gt(bankEvents.receivedAt, since),
      ),
    )
    .orderBy(orders.id, desc(bankEvents.receivedAt))
    .limit(NOTIFICATION_LIMIT);
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

const FEED = 1;

/**
 * Takes the pull for `leaseSeconds` unless another run holds it; returns the cursor, or undefined
 * when another run is in progress.
 */
export async function claimFeedPull(db: Db, leaseSeconds: number): Promise<{ sinceId: string | null } | undefined> {
  await db.insert(bankFeedState).values({ id: FEED }).onConflictDoNothing();
  const [row] = await db
    .update(bankFeedState)
    .set({ leaseUntil: sql`now() + make_interval(secs => ${leaseSeconds})`, lastStartedAt: sql`now()` })
    .where(
      and(eq(bankFeedState.id, FEED), or(isNull(bankFeedState.leaseUntil), lt(bankFeedState.leaseUntil, sql`now()`))),
    )
    .returning({ sinceId: bankFeedState.sinceId });
  return row;
}

/** Moves the cursor past transfers that are stored (a page at a time), and extends the lease. */
export async function advanceFeedCursor(db: Db, sinceId: string, leaseSeconds: number): Promise<void> {
  await db
    .update(bankFeedState)
    .set({ sinceId, leaseUntil: sql`now() + make_interval(secs => ${leaseSeconds})` })
    .where(eq(bankFeedState.id, FEED));
}

export async function finishFeedPull(
  db: Db,
  result: { seen: number; recorded: number; error: string | null },
): Promise<void> {
  await db
    .update(bankFeedState)
    .set({
      leaseUntil: null,
      lastFinishedAt: sql`now()`,
      lastSeen: result.seen,
      lastRecorded: result.recorded,
      lastError: result.error,
    })
    .where(eq(bankFeedState.id, FEED));
}

export async function findFeedState(db: Db) {
  const [row] = await db.select().from(bankFeedState).where(eq(bankFeedState.id, FEED)).limit(1);
  return row;
}
