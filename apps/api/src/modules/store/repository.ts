import { and, count, desc, eq, gte, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
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

/** Locks the orders carrying any of the codes (with the receiver's User ID), in the order of the codes. */
export async function lockOrdersByCodes(tx: Tx, codes: string[]) {
  if (codes.length === 0) return [];
  const rows = await tx
    .select({ order: orders, receiverShortId: users.shortId })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.receiverId))
    .where(inArray(orders.code, codes))
    .for('update', { of: orders });
  return codes.flatMap((code) => rows.filter((row) => row.order.code === code));
}

/** Sets the amount received on a locked order and, when it reaches the total, marks it paid by bank. */
export async function creditOrder(tx: Tx, order: OrderRow, accumulatedAmount: number): Promise<OrderRow> {
  const paid = order.status === 'initial' && accumulatedAmount >= order.totalPrice;
  const [row] = await tx
    .update(orders)
    .set({ accumulatedAmount, ...(paid ? { status: 'done', paidAt: new Date(), paidBy: 'bank' } : {}) })
    .where(eq(orders.id, order.id))
    .returning();
  return row!;
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

/** Records a bank event; returns undefined when this provider id was already recorded (a retry). */
export async function insertBankEvent(
  tx: Tx,
  event: typeof bankEvents.$inferInsert,
): Promise<BankEventRow | undefined> {
  const [row] = await tx
    .insert(bankEvents)
    .values(event)
    .onConflictDoNothing({ target: [bankEvents.provider, bankEvents.providerId] })
    .returning();
  return row;
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
