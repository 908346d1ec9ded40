import type { PlayerQuery, Role } from '@carabala/contracts';
import { and, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { bankEvents, mails, orders, tickets, users } from '../../db/schema';

export async function findPlayers(db: Db, query: PlayerQuery) {
  const filters: SQL[] = [];
  if (query.q) {
    const like = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    filters.push(
      or(
        eq(users.shortId, query.q),
        sql`lower(${users.username}) = lower(${query.q})`,
        ilike(users.displayName, like),
      )!,
    );
  }
  if (query.role) filters.push(eq(users.role, query.role));
  const where = filters.length ? and(...filters) : undefined;
  const rows = await db
    .select()
    .from(users)
    .where(where)
    .orderBy(desc(users.createdAt), users.shortId)
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const [{ total }] = (await db
    .select({ total: sql<number>`count(*)::int` })
    .from(users)
    .where(where)) as [{ total: number }];
  return { rows, total };
}

export function findPlayer(db: Db | Tx, id: string) {
  return db
    .select()
    .from(users)
    .where(eq(users.id, id))
    .limit(1)
    .then((rows) => rows[0]);
}

export async function updateRole(tx: Tx, id: string, role: Role) {
  await tx.update(users).set({ role }).where(eq(users.id, id));
}

/** Vietnam has no daylight saving: its day and month start at a fixed +07:00. */
const vietnamDayStart = sql`date_trunc('day', now() + interval '7 hours') - interval '7 hours'`;
const vietnamMonthStart = sql`date_trunc('month', now() + interval '7 hours') - interval '7 hours'`;

export async function overviewFigures(db: Db) {
  const [orderFigures] = await db
    .select({
      revenueToday: sql<number>`coalesce(sum(${orders.totalPrice}) filter (where ${orders.paidAt} >= ${vietnamDayStart}), 0)::int`,
      revenueMonth: sql<number>`coalesce(sum(${orders.totalPrice}) filter (where ${orders.paidAt} >= ${vietnamMonthStart}), 0)::int`,
      ordersPaidToday: sql<number>`(count(*) filter (where ${orders.paidAt} >= ${vietnamDayStart}))::int`,
    })
    .from(orders)
    .where(and(eq(orders.status, 'done'), inArray(orders.paidBy, ['bank', 'staff'])));
  const [{ ordersWaiting }] = (await db
    .select({ ordersWaiting: sql<number>`count(*)::int` })
    .from(orders)
    .where(eq(orders.status, 'initial'))) as [{ ordersWaiting: number }];
  const [{ bankEventsToReview }] = (await db
    .select({ bankEventsToReview: sql<number>`count(*)::int` })
    .from(bankEvents)
    .where(
      and(
        inArray(bankEvents.match, ['overpaid', 'late', 'unmatched', 'wrong_account', 'invalid']),
        isNull(bankEvents.reviewedAt),
      ),
    )) as [{ bankEventsToReview: number }];
  const [{ deliveriesFailed }] = (await db
    .select({ deliveriesFailed: sql<number>`count(*)::int` })
    .from(mails)
    .where(eq(mails.status, 'dead'))) as [{ deliveriesFailed: number }];
  const [{ ticketsOpen }] = (await db
    .select({ ticketsOpen: sql<number>`count(*)::int` })
    .from(tickets)
    .where(eq(tickets.status, 'PROCESSING'))) as [{ ticketsOpen: number }];
  return { ...orderFigures!, ordersWaiting, bankEventsToReview, deliveriesFailed, ticketsOpen };
}
