import { and, count, desc, eq, gte, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import type { BankEventMatch } from '@carabala/contracts';
import { bankEvents, mails, orders, users } from '../../db/schema';

export type OrderRow = typeof orders.$inferSelect;
export type NewOrder = typeof orders.$inferInsert;
export type BankEventRow = typeof bankEvents.$inferSelect;

export async function findUserByShortId(db: Db | Tx, shortId: string) {
  const [user] = await db
    .select({ id: users.id, shortId: users.shortId, displayName: users.displayName, avatar: users.avatar })
    .from(users)
    .where(eq(users.shortId, shortId))
    .limit(1);
  return user;
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

/** Inserts an order; returns undefined when the code is already taken (the caller draws another). */
export async function insertOrder(db: Db | Tx, order: NewOrder): Promise<OrderRow | undefined> {
  const [row] = await db.insert(orders).values(order).onConflictDoNothing({ target: orders.code }).returning();
  return row;
}

const deliveryStatus = sql<'pending' | 'delivered' | 'dead' | null>`(
  select ${mails.status} from ${mails}
  where ${mails.source} = 'order' and ${mails.sourceId} = ${orders.id}::text limit 1)`;

const orderWithReceiver = {
  order: orders,
  receiverShortId: users.shortId,
  receiverName: users.displayName,
  receiverAvatar: users.avatar,
  delivery: deliveryStatus,
};

export async function findOrderWithReceiver(db: Db | Tx, id: string) {
  const [row] = await db
    .select(orderWithReceiver)
    .from(orders)
    .innerJoin(users, eq(users.id, orders.receiverId))
    .where(eq(orders.id, id))
    .limit(1);
  return row;
}

/** Locks the order row until the transaction ends: credits and marks of one order run one at a time. */
export async function lockOrder(tx: Tx, id: string): Promise<OrderRow | undefined> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for('update').limit(1);
  return row;
}

export interface BankCredit {
  provider: string;
  providerId: string;
  amount: number;
  transferType: string | null;
  accountNumber: string | null;
  content: string | null;
  referenceCode: string | null;
  transactionDate: Date | null;
  payload: unknown;
  /** Candidate order codes, best first (empty when the event cannot credit an order). */
  codes: string[];
  /** Set when the event cannot credit an order: outgoing, wrong account, no amount. */
  preMatch: BankEventMatch | null;
  mailTitlePrefix: string;
}

export type BankCreditOutcome =
  { kind: 'duplicate' } | { kind: 'recorded'; match: BankEventMatch; orderId: string | null; paid: boolean };

/**
 * Records a bank event and credits its order in one statement (one round trip, atomic):
 * - the order row is locked (FOR UPDATE), so concurrent payments of one order add up;
 * - the event insert is ON CONFLICT DO NOTHING on (provider, id), and the credit and the mail only
 *   happen when the insert did, so a retried event is a no-op even when retries run at once;
 * - reaching the total marks the order paid and writes its mail in the same statement.
 */
export async function recordBankCredit(db: Db, credit: BankCredit): Promise<BankCreditOutcome> {
  const codes = sql`${`{${credit.codes.join(',')}}`}::text[]`;
  const date = credit.transactionDate ? credit.transactionDate.toISOString() : null;
  const result = await db.execute(sql`
    WITH target AS (
      SELECT o.id, o.status, o.accumulated_amount, o.total_price, o.receiver_id, o.product_title, o.items,
        u.short_id
      FROM orders o JOIN users u ON u.id = o.receiver_id
      WHERE o.code = ANY(${codes})
      ORDER BY array_position(${codes}, o.code::text)
      LIMIT 1
      FOR UPDATE OF o
    ),
    event AS (
      INSERT INTO bank_events (provider, provider_id, order_id, amount, transfer_type, account_number, content,
        reference_code, match, transaction_date, payload)
      SELECT ${credit.provider}, ${credit.providerId}, t.id, ${credit.amount}, ${credit.transferType},
        ${credit.accountNumber}, ${credit.content}, ${credit.referenceCode},
        (CASE
          WHEN ${credit.preMatch}::text IS NOT NULL THEN ${credit.preMatch}::text
          WHEN t.id IS NULL THEN 'unmatched'
          WHEN t.status = 'done' THEN 'late'
          WHEN t.accumulated_amount + ${credit.amount} > t.total_price THEN 'overpaid'
          ELSE 'credited' END)::bank_event_match,
        ${date}::timestamptz, ${JSON.stringify(credit.payload)}::jsonb
      FROM (SELECT 1) AS one LEFT JOIN target t ON true
      ON CONFLICT (provider, provider_id) DO NOTHING
      RETURNING id, match, order_id
    ),
    credited AS (
      UPDATE orders o SET
        accumulated_amount = t.accumulated_amount + ${credit.amount},
        status = CASE WHEN t.status = 'initial' AND t.accumulated_amount + ${credit.amount} >= t.total_price
          THEN 'done'::order_status ELSE o.status END,
        paid_at = CASE WHEN t.status = 'initial' AND t.accumulated_amount + ${credit.amount} >= t.total_price
          THEN now() ELSE o.paid_at END,
        paid_by = CASE WHEN t.status = 'initial' AND t.accumulated_amount + ${credit.amount} >= t.total_price
          THEN 'bank'::order_paid_by ELSE o.paid_by END
      FROM target t, event e
      WHERE o.id = t.id
      RETURNING o.id, o.status, t.status AS previous_status
    ),
    mail AS (
      INSERT INTO mails (receiver_id, receiver_short_id, title, items, source, source_id)
      SELECT t.receiver_id, t.short_id, ${credit.mailTitlePrefix} || t.product_title, t.items, 'order', c.id::text
      FROM credited c JOIN target t ON t.id = c.id
      WHERE c.previous_status = 'initial' AND c.status = 'done'
      RETURNING id
    )
    SELECT e.match, e.order_id AS "orderId", (SELECT count(*) FROM mail)::int AS mails FROM event e`);
  const [row] = ((result as { rows?: unknown[] }).rows ?? result) as {
    match: BankEventMatch;
    orderId: string | null;
    mails: number;
  }[];
  if (!row) return { kind: 'duplicate' };
  return { kind: 'recorded', match: row.match, orderId: row.orderId, paid: row.mails > 0 };
}

export async function markOrderPaid(
  tx: Tx,
  id: string,
  paidBy: 'bank' | 'staff' | 'grant',
  note: string | null,
): Promise<OrderRow> {
  const [row] = await tx
    .update(orders)
    .set({ status: 'done', paidAt: new Date(), paidBy, ...(note ? { note } : {}) })
    .where(eq(orders.id, id))
    .returning();
  return row!;
}

export async function findOrderHistory(db: Db, userId: string, page: number, pageSize: number) {
  const mine = or(eq(orders.buyerId, userId), eq(orders.receiverId, userId));
  const [items, [total]] = await Promise.all([
    db
      .select(orderWithReceiver)
      .from(orders)
      .innerJoin(users, eq(users.id, orders.receiverId))
      .where(mine)
      .orderBy(desc(orders.createdAt))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ value: count() }).from(orders).where(mine),
  ]);
  return { items, total: total?.value ?? 0 };
}

export interface OrderFilter {
  status?: 'initial' | 'done';
  code?: string;
  shortId?: string;
  from?: string;
  to?: string;
}

export async function findOrders(db: Db, filter: OrderFilter, page: number, pageSize: number) {
  const conditions: SQL[] = [];
  if (filter.status) conditions.push(eq(orders.status, filter.status));
  if (filter.code) conditions.push(eq(orders.code, filter.code.toUpperCase()));
  if (filter.shortId) conditions.push(eq(users.shortId, filter.shortId));
  if (filter.from) conditions.push(gte(orders.createdAt, new Date(filter.from)));
  if (filter.to) conditions.push(lte(orders.createdAt, new Date(filter.to)));
  const where = conditions.length ? and(...conditions) : undefined;
  const [items, [total]] = await Promise.all([
    db
      .select(orderWithReceiver)
      .from(orders)
      .innerJoin(users, eq(users.id, orders.receiverId))
      .where(where)
      .orderBy(desc(orders.createdAt))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ value: count() }).from(orders).innerJoin(users, eq(users.id, orders.receiverId)).where(where),
  ]);
  return { items, total: total?.value ?? 0 };
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

export async function updateBankEvent(
  tx: Tx,
  id: string,
  change: Partial<Pick<BankEventRow, 'match' | 'orderId' | 'reviewedAt' | 'reviewedBy' | 'reviewNote'>>,
) {
  const [row] = await tx.update(bankEvents).set(change).where(eq(bankEvents.id, id)).returning();
  return row;
}

export async function findBankEventsOfOrder(db: Db, orderId: string) {
  return db.select().from(bankEvents).where(eq(bankEvents.orderId, orderId)).orderBy(bankEvents.receivedAt);
}

export async function lockBankEvent(tx: Tx, id: string) {
  const [row] = await tx.select().from(bankEvents).where(eq(bankEvents.id, id)).for('update').limit(1);
  return row;
}

export async function findBankEvents(db: Db, review: boolean, page: number, pageSize: number) {
  const where = review
    ? and(
        inArray(bankEvents.match, ['overpaid', 'late', 'unmatched', 'wrong_account', 'invalid']),
        isNull(bankEvents.reviewedAt),
      )
    : undefined;
  const [items, [total]] = await Promise.all([
    db
      .select()
      .from(bankEvents)
      .where(where)
      .orderBy(desc(bankEvents.receivedAt))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ value: count() }).from(bankEvents).where(where),
  ]);
  return { items, total: total?.value ?? 0 };
}
