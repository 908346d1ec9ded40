import type { EmailStatusName } from '@carabala/contracts';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { readPage, type PageQuery } from '../../db/paging';
import { findOne, rowsOf } from '../../db/rows';
import { emails } from '../../db/schema';
import { foldedWordsMatch } from '../../db/search';

/** The e-mails the site sends, and what each template fills in. */
export type EmailInput =
  | { kind: 'verify_email'; params: { name: string; link: string; hours: number } }
  | { kind: 'password_reset'; params: { name: string; link: string; minutes: number } }
  | {
      kind: 'receipt';
      params: {
        name: string;
        orderCode: string;
        packName: string;
        amount: number;
        paidAt: string;
        /** The receiver's User ID and name when the pack was bought for someone else. */
        receiver?: { shortId: string; name: string };
        /** True on the copy sent to the receiver of a gift. */
        asReceiver?: boolean;
      };
    }
  | { kind: 'new_device'; params: { name: string; device: string; ip: string; at: string } };

export type EmailKind = EmailInput['kind'];

export type QueuedEmail = EmailInput & {
  to: string;
  /** Names the change that asked for it; a second queue with the same key is a no-op. */
  dedupeKey: string;
};

/**
 * Writes an e-mail into the outbox, inside the caller's transaction when given one. Returns its id,
 * or null when an e-mail with that key is already there.
 */
export async function queueEmail(db: Db | Tx, email: QueuedEmail): Promise<string | null> {
  const result = await db.execute(sql`INSERT INTO emails (to_address, kind, params, dedupe_key)
    VALUES (${email.to}, ${email.kind}, ${JSON.stringify(email.params)}::jsonb, ${email.dedupeKey})
    ON CONFLICT (dedupe_key) DO NOTHING RETURNING id`);
  return rowsOf<{ id: string }>(result)[0]?.id ?? null;
}

/** The states of an e-mail: waiting (or being tried), sent, or given up (dead, shown to staff). */
export type EmailStatus = EmailStatusName;

export type EmailRow = typeof emails.$inferSelect;

/** An e-mail the worker claimed: what it renders and sends, and the attempt it is on. */
export type ClaimedEmail = Pick<EmailRow, 'id' | 'toAddress' | 'kind' | 'params' | 'attempts'>;

/**
 * Claims up to `limit` due e-mails in one statement: locked with SKIP LOCKED (two workers take
 * different e-mails), the attempt counted and the next attempt pushed past the lease. A worker that
 * dies mid-send leaves the e-mail to be tried again after the lease; a sent one is never taken again.
 */
export async function claimDueEmails(db: Db, limit: number, leaseSeconds: number): Promise<ClaimedEmail[]> {
  const result = await db.execute(sql`
    WITH due AS (
      SELECT id FROM emails
      WHERE status = 'pending' AND next_attempt_at <= now()
      ORDER BY next_attempt_at
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    )
    UPDATE emails SET attempts = emails.attempts + 1,
      next_attempt_at = now() + make_interval(secs => ${leaseSeconds})
    FROM due WHERE emails.id = due.id
    RETURNING emails.id, emails.to_address AS "toAddress", emails.kind, emails.params, emails.attempts`);
  return rowsOf<ClaimedEmail>(result);
}

/** Records that the mail server accepted the e-mail (only a pending one: sent stays sent). */
export async function markEmailSent(db: Db, id: string): Promise<void> {
  await db
    .update(emails)
    .set({ status: 'sent', sentAt: new Date(), lastError: null })
    .where(and(eq(emails.id, id), eq(emails.status, 'pending')));
}

/** Records a failed attempt: tried again at `retryAt`, or dead (null) with its error. */
export async function markEmailFailed(db: Db, id: string, error: string, retryAt: Date | null): Promise<void> {
  const lastError = error.slice(0, 500);
  await db
    .update(emails)
    .set(retryAt ? { lastError, nextAttemptAt: retryAt } : { lastError, status: 'dead' })
    .where(and(eq(emails.id, id), eq(emails.status, 'pending')));
}

/** The keys among `keys` an e-mail already has (the receipts' sweep skips those). */
export async function existingDedupeKeys(db: Db, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db.select({ key: emails.dedupeKey }).from(emails).where(inArray(emails.dedupeKey, keys));
  return new Set(rows.map((row) => row.key));
}

export interface EmailFilter extends PageQuery {
  /** Words of the address, matched ignoring case and diacritics. */
  q?: string;
  kind?: EmailKind;
  status?: EmailStatus;
}

/** The outbox for staff, newest first, by address words, kind and state. */
export async function findEmails(db: Db, filter: EmailFilter) {
  const where = and(
    filter.q ? foldedWordsMatch(filter.q, emails.toAddress) : undefined,
    filter.kind ? eq(emails.kind, filter.kind) : undefined,
    filter.status ? eq(emails.status, filter.status) : undefined,
  );
  return readPage(
    filter,
    db.select().from(emails).where(where).orderBy(desc(emails.createdAt), desc(emails.id)),
    db.select({ total: count() }).from(emails).where(where),
  );
}

export async function findEmail(db: Db, id: string): Promise<EmailRow | undefined> {
  return findOne(db, emails, eq(emails.id, id));
}

/** Puts a dead e-mail back in the queue with fresh attempts; undefined when it was not dead. */
export async function requeueDeadEmail(db: Db | Tx, id: string): Promise<EmailRow | undefined> {
  const [row] = await db
    .update(emails)
    .set({ status: 'pending', attempts: 0, nextAttemptAt: new Date(), lastError: null })
    .where(and(eq(emails.id, id), eq(emails.status, 'dead')))
    .returning();
  return row;
}
