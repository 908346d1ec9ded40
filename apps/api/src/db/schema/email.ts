import { index, integer, jsonb, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { randomId, stampedAt, timestampTz } from './columns';

// The email module's table (modules/email): the outbox of e-mails.

/**
 * An e-mail waiting to be sent, or sent. It is written in the same transaction as the change that
 * asks for it (a sign-up, a reset, a paid order), with a key that names that change, so one change
 * never gives two e-mails; the worker renders `kind` with `params` and sends it over SMTP, retrying.
 */
export const emails = pgTable(
  'emails',
  {
    id: randomId(),
    /** The address it goes to, as the account holds it. */
    toAddress: varchar('to_address', { length: 320 }).notNull(),
    /** Which template: 'verify_email', 'password_reset', 'receipt', 'new_device'. */
    kind: varchar('kind', { length: 30 }).notNull(),
    /** What the template fills in (a link, a name, an order's lines); never a secret kept beyond sending. */
    params: jsonb('params').$type<Record<string, unknown>>().notNull(),
    /** What asked for it ('verify:<token id>', 'receipt:<order id>:<user id>'): unique. */
    dedupeKey: varchar('dedupe_key', { length: 200 }).notNull(),
    status: varchar('status', { length: 10 }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: stampedAt('next_attempt_at'),
    lastError: text('last_error'),
    createdAt: stampedAt('created_at'),
    sentAt: timestampTz('sent_at'),
  },
  (table) => [
    uniqueIndex('emails_dedupe_key_unique').on(table.dedupeKey),
    index('emails_pending_idx').on(table.status, table.nextAttemptAt),
  ],
);
