import { bankEventMatches } from '@carabala/contracts';
import {
  bigint,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  unique,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { randomId, requiredRef, stampedAt, timestampTz } from './columns';
import { users } from './users';
import { orders } from './orders';

// The payments module's tables (modules/payments): bank events, refunds and the bank-feed pull.

export const bankEventMatchEnum = pgEnum('bank_event_match', bankEventMatches);

/**
 * Every bank-feed event, stored raw. (provider, providerId) is unique so a retried webhook is
 * recorded, and credited, once. Money that is not plainly credited waits for staff review.
 */
export const bankEvents = pgTable(
  'bank_events',
  {
    id: randomId(),
    provider: varchar('provider', { length: 20 }).notNull(),
    providerId: varchar('provider_id', { length: 40 }).notNull(),
    orderId: uuid('order_id').references(() => orders.id),
    amount: bigint('amount', { mode: 'number' }).notNull().default(0),
    /** The part of the amount that paid for the order's pack; the rest is held (or refunded). */
    creditedAmount: bigint('credited_amount', { mode: 'number' }).notNull().default(0),
    transferType: varchar('transfer_type', { length: 10 }),
    accountNumber: varchar('account_number', { length: 40 }),
    content: text('content'),
    referenceCode: varchar('reference_code', { length: 100 }),
    match: bankEventMatchEnum('match').notNull(),
    transactionDate: timestampTz('transaction_date'),
    payload: jsonb('payload').notNull(),
    /**
     * What makes a webhook event and a pulled transaction the same transfer (decision 007):
     * account, bank reference and amount of an incoming transfer; null when the bank gave no reference.
     */
    transferKey: text('transfer_key'),
    receivedAt: stampedAt('received_at'),
    reviewedAt: timestampTz('reviewed_at'),
    reviewedBy: uuid('reviewed_by').references(() => users.id),
    reviewNote: text('review_note'),
  },
  (table) => [
    unique('bank_events_provider_unique').on(table.provider, table.providerId),
    uniqueIndex('bank_events_transfer_key_unique').on(table.transferKey),
    index('bank_events_order_idx').on(table.orderId),
    index('bank_events_review_idx').on(table.match, table.receivedAt),
    // Revenue by day (the daily report, analytics) reads a range of arrival times.
    index('bank_events_received_idx').on(table.receivedAt),
  ],
);

/** Money sent back by an admin, from a bank event's held or surplus money; never more than received. */
export const refunds = pgTable(
  'refunds',
  {
    id: randomId(),
    bankEventId: requiredRef('bank_event_id', () => bankEvents.id),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** The bank's reference of the outgoing transfer. */
    bankReference: varchar('bank_reference', { length: 100 }).notNull(),
    reason: text('reason').notNull(),
    actorId: uuid('actor_id').references(() => users.id),
    createdAt: stampedAt('created_at'),
  },
  (table) => [index('refunds_event_idx').on(table.bankEventId), index('refunds_created_idx').on(table.createdAt)],
);

/** The bank-feed pull (one row): its cursor, its lease and what its last run found. */
export const bankFeedState = pgTable('bank_feed_state', {
  id: integer('id').primaryKey(),
  /** The last SePay transaction id read, in ascending date order. */
  sinceId: varchar('since_id', { length: 64 }),
  /** A run holds the pull until then; a killed run's lease simply expires. */
  leaseUntil: timestampTz('lease_until'),
  lastStartedAt: timestampTz('last_started_at'),
  lastFinishedAt: timestampTz('last_finished_at'),
  /** The end of the last run that read the whole list without an error. */
  lastSucceededAt: timestampTz('last_succeeded_at'),
  lastSeen: integer('last_seen').notNull().default(0),
  lastRecorded: integer('last_recorded').notNull().default(0),
  lastError: text('last_error'),
});
