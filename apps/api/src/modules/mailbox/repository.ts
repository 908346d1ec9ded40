import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { readPage, type PageQuery } from '../../db/paging';
import { countRows, findOne, newestRows, rowsOf } from '../../db/rows';
import { mails, type MailCharacter, type MailItem } from '../../db/schema';

export interface NewMail {
  receiverId: string;
  receiverShortId: string;
  title: string;
  items: MailItem[];
  /** What earned the mail: 'order', 'gift_code', 'grant' … */
  source: string;
  /** The id of that event; (source, sourceId) is unique, so one event never gives two mails. */
  sourceId: string;
  /** The server and character it goes to; null or absent for the account (no characters). */
  character?: MailCharacter | null;
}

/** Writes a mail into the outbox inside the caller's transaction. Returns the mail id. */
export async function enqueueMail(tx: Tx, mail: NewMail): Promise<string> {
  const result = await tx.execute(
    insertMailsSql(sql`SELECT ${mail.receiverId}::uuid, ${mail.receiverShortId}, ${mail.title},
      ${JSON.stringify(mail.items)}::jsonb, ${mail.source}, ${mail.sourceId},
      ${mail.character ? JSON.stringify(mail.character) : null}::jsonb`),
  );
  return rowsOf<{ id: string }>(result)[0]!.id;
}

/**
 * The same outbox insert for a statement that writes its mails together with the change that earned
 * them (a paid order, a claimed gift code): `rows` is a SELECT of (receiver_id, receiver_short_id,
 * title, items, source, source_id, character). Use it as a CTE; it returns the ids of the mails written.
 */
export function insertMailsSql(rows: SQL): SQL {
  return sql`INSERT INTO mails (receiver_id, receiver_short_id, title, items, source, source_id, character)
    ${rows} RETURNING id`;
}

export type MailRow = typeof mails.$inferSelect;

const mailColumns = sql`mails.id, mails.receiver_id as "receiverId", mails.receiver_short_id as "receiverShortId",
  mails.character, mails.title, mails.items, mails.source, mails.source_id as "sourceId", mails.status, mails.attempts`;

export type ClaimedMail = Pick<
  MailRow,
  | 'id'
  | 'receiverId'
  | 'receiverShortId'
  | 'character'
  | 'title'
  | 'items'
  | 'source'
  | 'sourceId'
  | 'status'
  | 'attempts'
>;

/**
 * Claims up to `limit` due mails: the rows are locked with SKIP LOCKED (so concurrent workers take
 * different mails), their attempt is counted and their next attempt pushed past the lease, all in
 * one statement. A worker that dies mid-send leaves the mail to be retried after the lease.
 */
export function claimDueMails(db: Db, limit: number, leaseSeconds: number): Promise<ClaimedMail[]> {
  return updateDueMails(db, limit, sql`next_attempt_at = now() + make_interval(secs => ${leaseSeconds})`);
}

/** Counts an attempt on up to `limit` due mails, locked with SKIP LOCKED, and sets `change` on them. */
async function updateDueMails(db: Db, limit: number, change: SQL): Promise<ClaimedMail[]> {
  const result = await db.execute(sql`
    WITH due AS (
      SELECT id FROM mails
      WHERE status = 'pending' AND next_attempt_at <= now()
      ORDER BY next_attempt_at
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    )
    UPDATE mails SET attempts = mails.attempts + 1, ${change}
    FROM due WHERE mails.id = due.id
    RETURNING ${mailColumns}`);
  return rowsOf<ClaimedMail>(result);
}

/** Records the deliveries the game acknowledged, a batch in one statement (one commit, not one per mail). */
export async function markMailsDelivered(db: Db, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(mails)
    .set({ status: 'delivered', deliveredAt: new Date(), lastError: null })
    .where(and(inArray(mails.id, ids), eq(mails.status, 'pending')));
}

export async function markMailFailed(db: Db, id: string, error: string, retryAt: Date | null): Promise<void> {
  await db
    .update(mails)
    .set(
      retryAt
        ? { lastError: error.slice(0, 500), nextAttemptAt: retryAt }
        : { lastError: error.slice(0, 500), status: 'dead' },
    )
    .where(and(eq(mails.id, id), eq(mails.status, 'pending')));
}

/**
 * Makes due at once the mails that wait for a back-off this worker set, if nothing changed them since:
 * each row must still be pending with the exact next attempt time the worker gave it, so a mail that
 * another worker has claimed since (which moves its next attempt past the lease) is left alone.
 */
export async function retryWaitingMails(db: Db, waiting: { id: string; retryAt: Date }[]): Promise<number> {
  if (waiting.length === 0) return 0;
  const list = JSON.stringify(waiting.map(({ id, retryAt }) => ({ id, at: retryAt.toISOString() })));
  const result = await db.execute(sql`
    UPDATE mails SET next_attempt_at = now()
    FROM jsonb_array_elements(${list}::jsonb) AS waiting
    WHERE mails.id = (waiting->>'id')::uuid AND mails.next_attempt_at = (waiting->>'at')::timestamptz
      AND mails.status = 'pending'
    RETURNING mails.id`);
  return rowsOf<{ id: string }>(result).length;
}

export async function findMailBySource(db: Db | Tx, source: string, sourceId: string): Promise<MailRow | undefined> {
  return findOne(db, mails, and(eq(mails.source, source), eq(mails.sourceId, sourceId)));
}

export async function findMails(db: Db, status: MailRow['status'], query: PageQuery) {
  const where = eq(mails.status, status);
  return readPage(
    query,
    db.select().from(mails).where(where).orderBy(desc(mails.createdAt)),
    db.select({ total: count() }).from(mails).where(where),
  );
}

/** A player's mails, newest first (the staff's player page). */
export function recentMailsOf(db: Db, receiverId: string, limit: number) {
  const { title, items, status, source, sourceId, character, createdAt, deliveredAt } = mails;
  return newestRows(
    db,
    { title, items, status, source, sourceId, character, createdAt, deliveredAt },
    mails,
    eq(mails.receiverId, receiverId),
    [createdAt, mails.id],
    limit,
  );
}

/** Mails the game never took (the staff overview). */
export async function countDeadMails(db: Db): Promise<number> {
  return countRows(db, mails, eq(mails.status, 'dead'));
}

/** The id of the mail an event earned, as a correlated subquery (null before it is written). */
export const mailIdOf = (source: string, sourceId: SQL) =>
  sql<string | null>`(select m.id::text from mails m where m.source = ${source} and m.source_id = ${sourceId}::text)`;

/** The delivery status of the mail an event earned, as a correlated subquery. */
export const mailStatusOf = (source: string, sourceId: SQL) =>
  sql<
    MailRow['status'] | null
  >`(select m.status from mails m where m.source = ${source} and m.source_id = ${sourceId}::text limit 1)`;

/** Puts a dead mail back in the queue with fresh attempts; returns it, or undefined if it was not dead. */
export async function requeueDeadMail(tx: Tx, id: string): Promise<MailRow | undefined> {
  const [row] = await tx
    .update(mails)
    .set({ status: 'pending', attempts: 0, nextAttemptAt: new Date(), lastError: null })
    .where(and(eq(mails.id, id), eq(mails.status, 'dead')))
    .returning();
  return row;
}

/**
 * The outbox's queue for the health board and the alerts: mails pending and dead, those failing (three
 * attempts or more made and the last one failed: every attempt before a success failed), and the
 * creation of the oldest mail not delivered.
 */
export async function mailQueueHealth(db: Db) {
  const [row] = await db
    .select({
      pending: sql<number>`count(*) filter (where ${mails.status} = 'pending')`.mapWith(Number),
      dead: sql<number>`count(*) filter (where ${mails.status} = 'dead')`.mapWith(Number),
      failing: sql<number>`count(*) filter (where ${mails.attempts} >= 3 and ${mails.lastError} is not null)`.mapWith(
        Number,
      ),
      oldestUndeliveredAt: sql<Date | null>`min(${mails.createdAt})`.mapWith((value) => new Date(value)),
    })
    .from(mails)
    .where(sql`${mails.status} <> 'delivered'`);
  return {
    pending: row?.pending ?? 0,
    dead: row?.dead ?? 0,
    failing: row?.failing ?? 0,
    oldestUndeliveredAt: row?.oldestUndeliveredAt ?? null,
  };
}

/**
 * Adds items to a mail written earlier in the caller's transaction (not yet visible to the worker):
 * a promotion's bonus joins the paid order's mail. Answers whether the mail was found still pending.
 */
export async function addItemsToPendingMail(tx: Tx, source: string, sourceId: string, items: MailItem[]) {
  const rows = await tx
    .update(mails)
    .set({ items: sql`${mails.items} || ${JSON.stringify(items)}::jsonb` })
    .where(and(eq(mails.source, source), eq(mails.sourceId, sourceId), eq(mails.status, 'pending')))
    .returning({ id: mails.id });
  return rows.length > 0;
}

/** Where the mails of these sources stand (`order` and its ids: the notifications' "delivered"). */
export function deliveriesOf(db: Db, source: string, sourceIds: string[]) {
  if (sourceIds.length === 0) return Promise.resolve([]);
  return db
    .select({ sourceId: mails.sourceId, status: mails.status, deliveredAt: mails.deliveredAt })
    .from(mails)
    .where(and(eq(mails.source, source), inArray(mails.sourceId, sourceIds)));
}
