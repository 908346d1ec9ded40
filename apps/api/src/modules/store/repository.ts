import { and, count, desc, eq, isNull, or } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { orders, users } from '../../db/schema';
import { orderListColumns } from '../payments/repository';

export type OrderRow = typeof orders.$inferSelect;
export type NewOrder = typeof orders.$inferInsert;

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

/** An order with its receiver, delivery and refunds: the one shape every view of an order reads. */
const orderWithReceiver = orderListColumns;

export async function findOrderWithReceiver(db: Db | Tx, id: string) {
  const [row] = await db
    .select(orderWithReceiver)
    .from(orders)
    .innerJoin(users, eq(users.id, orders.receiverId))
    .where(eq(orders.id, id))
    .limit(1);
  return row;
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
