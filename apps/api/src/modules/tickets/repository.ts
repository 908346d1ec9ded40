import { foldText } from '@carabala/contracts/labels';
import { and, asc, count, desc, eq, gt, like, max, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { readPage } from '../../db/paging';
import { escapeLike } from '../../db/search';
import { ticketReplies, tickets, users } from '../../db/schema';
import { countRows, newestRows } from '../../db/rows';

export type TicketRow = typeof tickets.$inferSelect;
export type ReplyRow = typeof ticketReplies.$inferSelect;
export type NewTicket = Omit<typeof tickets.$inferInsert, 'id' | 'number'>;

export interface TicketFilter {
  userId?: string;
  status?: TicketRow['status'];
  type?: string;
  shortId?: string;
  q?: string;
  sort?: 'newest' | 'waiting';
  page: number;
  pageSize: number;
}

/** Every word in the folded title, or the digits in the ticket number (`#1000` finds #100012). */
function searchCondition(query: string): SQL | undefined {
  const folded = foldText(query);
  const words = folded.split(/\s+/).filter(Boolean);
  if (words.length === 0) return undefined;
  const titleMatch = and(...words.map((word) => like(tickets.titleFolded, `%${escapeLike(word)}%`)));
  const digits = folded.replace(/^#/, '');
  if (/^\d+$/.test(digits)) return or(titleMatch, like(sql`${tickets.number}::text`, `%${digits}%`));
  return titleMatch;
}

export async function insertTicket(db: Db | Tx, values: NewTicket): Promise<TicketRow> {
  const [row] = await db.insert(tickets).values(values).returning();
  return row!;
}

export async function findTicket(db: Db | Tx, id: string, ownerId?: string) {
  const where = ownerId ? and(eq(tickets.id, id), eq(tickets.userId, ownerId)) : eq(tickets.id, id);
  const [row] = await db
    .select({ ticket: tickets, displayName: users.displayName })
    .from(tickets)
    .innerJoin(users, eq(users.id, tickets.userId))
    .where(where)
    .limit(1);
  if (!row) return undefined;
  const replies = await db
    .select()
    .from(ticketReplies)
    .where(eq(ticketReplies.ticketId, id))
    .orderBy(asc(ticketReplies.createdAt), asc(ticketReplies.id));
  return { ...row, replies };
}

/** The inbox answers the longest-waiting player first: open tickets, oldest first, then answered ones. */
function ticketOrder(sort: TicketFilter['sort']): SQL[] {
  if (sort === 'waiting') {
    return [
      sql`case when ${tickets.status} = 'PROCESSING' then 0 else 1 end`,
      // Since when it waits: its filing, or the player's latest follow-up (which moves `updated_at`).
      sql`case when ${tickets.status} = 'PROCESSING' then ${tickets.updatedAt} else ${tickets.createdAt} end`,
      asc(tickets.number),
    ];
  }
  return [desc(tickets.createdAt), desc(tickets.number)];
}

export async function listTickets(db: Db, filter: TicketFilter) {
  const conditions = [
    filter.userId ? eq(tickets.userId, filter.userId) : undefined,
    filter.status ? eq(tickets.status, filter.status) : undefined,
    filter.type ? eq(tickets.type, filter.type) : undefined,
    filter.shortId ? eq(tickets.shortId, filter.shortId) : undefined,
    filter.q ? searchCondition(filter.q) : undefined,
  ].filter((condition): condition is SQL => condition !== undefined);
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  return readPage(
    filter,
    db
      .select({ ticket: tickets, displayName: users.displayName })
      .from(tickets)
      .innerJoin(users, eq(users.id, tickets.userId))
      .where(where)
      .orderBy(...ticketOrder(filter.sort)),
    db.select({ total: count() }).from(tickets).where(where),
  );
}

export async function insertReply(tx: Tx, values: typeof ticketReplies.$inferInsert): Promise<void> {
  await tx.insert(ticketReplies).values(values);
}

export async function setTicketStatus(tx: Tx, id: string, status: TicketRow['status']): Promise<void> {
  await tx.update(tickets).set({ status, updatedAt: new Date() }).where(eq(tickets.id, id));
}

/** Locks the ticket row for the rest of the transaction; undefined when it does not exist. */
export async function lockTicket(tx: Tx, id: string) {
  const [row] = await tx.select().from(tickets).where(eq(tickets.id, id)).for('update').limit(1);
  return row;
}

/** The images of a ticket's follow-ups (removed with the ticket). */
export async function followUpImagesOf(tx: Tx, ticketId: string): Promise<string[]> {
  const rows = await tx
    .select({ files: ticketReplies.filesUrl })
    .from(ticketReplies)
    .where(eq(ticketReplies.ticketId, ticketId));
  return rows.flatMap((row) => row.files.map((file) => file.url));
}

export async function deleteTicket(tx: Tx, id: string): Promise<void> {
  await tx.delete(tickets).where(eq(tickets.id, id));
}

/** Tickets waiting for a staff answer (the staff overview). */
export async function countOpenTickets(db: Db): Promise<number> {
  return countRows(db, tickets, eq(tickets.status, 'PROCESSING'));
}

/** The player's tickets that staff replied to after `since`, with the latest staff reply's time. */
export function answeredTicketsSince(db: Db, userId: string, since: Date, limit: number) {
  return db
    .select({ id: tickets.id, title: tickets.title, at: max(ticketReplies.createdAt) })
    .from(ticketReplies)
    .innerJoin(tickets, eq(tickets.id, ticketReplies.ticketId))
    .where(and(eq(tickets.userId, userId), eq(ticketReplies.fromPlayer, false), gt(ticketReplies.createdAt, since)))
    .groupBy(tickets.id, tickets.title)
    .orderBy(desc(max(ticketReplies.createdAt)))
    .limit(limit);
}

/** A player's tickets, newest first (the staff's player page). */
export function recentTicketsOf(db: Db, userId: string, limit: number) {
  const { id, number, title, status, createdAt, updatedAt } = tickets;
  const fields = { id, number, title, status, createdAt, updatedAt };
  return newestRows(db, fields, tickets, eq(tickets.userId, userId), [createdAt, number], limit);
}

/**
 * True (as SQL) when some ticket or follow-up lists the image at `url` (both keep the bare address of
 * each).
 */
export const ticketUsesImage = (url: SQL) =>
  sql`(EXISTS (SELECT 1 FROM ${tickets} WHERE ${tickets.filesUrl} @> jsonb_build_array(jsonb_build_object('url', ${url})))
    OR EXISTS (SELECT 1 FROM ${ticketReplies} WHERE ${ticketReplies.filesUrl} @> jsonb_build_array(jsonb_build_object('url', ${url}))))`;

/** Whether the ticket exists and lists the image at `url`, itself or in a follow-up (what a signed image address names). */
export async function ticketListsImage(db: Db, ticketId: string, url: string): Promise<boolean> {
  const listed = sql`jsonb_build_array(jsonb_build_object('url', ${url}::text))`;
  const rows = await db
    .select({ id: tickets.id })
    .from(tickets)
    .where(
      and(
        eq(tickets.id, ticketId),
        sql`(${tickets.filesUrl} @> ${listed} OR EXISTS (SELECT 1 FROM ${ticketReplies}
          WHERE ${ticketReplies.ticketId} = ${tickets.id} AND ${ticketReplies.filesUrl} @> ${listed}))`,
      ),
    )
    .limit(1);
  return rows.length === 1;
}

/**
 * The tickets opened in [from, to), as a relation other statements compose (the analytics):
 * `created_at`, and `first_reply_at`, the first staff reply's time (null while unanswered).
 */
export function openedTicketLines({ from, to }: { from: Date; to: Date }): SQL {
  return sql`SELECT ${tickets.createdAt} AS created_at,
      (SELECT min(${ticketReplies.createdAt}) FROM ${ticketReplies}
        WHERE ${ticketReplies.ticketId} = ${tickets.id} AND NOT ${ticketReplies.fromPlayer})
        AS first_reply_at
    FROM ${tickets}
    WHERE ${tickets.createdAt} >= ${from.toISOString()}::timestamptz
      AND ${tickets.createdAt} < ${to.toISOString()}::timestamptz`;
}
