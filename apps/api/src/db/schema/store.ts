import { bankEventMatches, orderKinds, orderPayers, transactionStatuses } from '@carabala/contracts';
import { sql } from 'drizzle-orm';
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
import { users } from './accounts';
import type { MailItem } from './mailbox';

/**
 * `held`: the total arrived but the receiver had already reached the pack's limit, so the pack was
 * not delivered and the money waits for review; `cancelled`: another order of the same limited pack
 * was paid first.
 */
export const orderStatusEnum = pgEnum('order_status', transactionStatuses);
export const orderKindEnum = pgEnum('order_kind', orderKinds);
export const orderPaidByEnum = pgEnum('order_paid_by', orderPayers);
export const bankEventMatchEnum = pgEnum('bank_event_match', bankEventMatches);

/**
 * A pack order paid by bank transfer (or granted by staff). The id is a random UUID because a
 * guest sees it in the URL; `code` is what the player writes in the transfer content.
 */
export const orders = pgTable(
  'orders',
  {
    id: randomId(),
    code: varchar('code', { length: 25 }).notNull().unique(),
    kind: orderKindEnum('kind').notNull().default('bank'),
    productId: integer('product_id').notNull(),
    productTitle: varchar('product_title', { length: 200 }).notNull(),
    totalPrice: integer('total_price').notNull(),
    /** What the order delivers, fixed when it is placed (the catalogue may change later). */
    items: jsonb('items').$type<MailItem[]>().notNull(),
    accumulatedAmount: bigint('accumulated_amount', { mode: 'number' }).notNull().default(0),
    status: orderStatusEnum('status').notNull().default('initial'),
    receiverId: requiredRef('receiver_id', () => users.id),
    buyerId: uuid('buyer_id').references(() => users.id),
    /** Purchase-limit slot, e.g. `daily:201` in period `2026-11-21`; null when the pack has no limit. */
    limitKey: varchar('limit_key', { length: 40 }),
    limitPeriod: varchar('limit_period', { length: 10 }),
    /** Set when staff reset the limit: the order no longer counts towards it. */
    limitReleasedAt: timestampTz('limit_released_at'),
    paidBy: orderPaidByEnum('paid_by'),
    note: text('note'),
    /** When the order was held (limit reached) or cancelled. */
    closedAt: timestampTz('closed_at'),
    createdAt: stampedAt('created_at'),
    paidAt: timestampTz('paid_at'),
  },
  (table) => [
    index('orders_receiver_idx').on(table.receiverId, table.createdAt),
    index('orders_buyer_idx').on(table.buyerId, table.createdAt),
    index('orders_status_idx').on(table.status, table.createdAt),
    index('orders_limit_idx')
      .on(table.receiverId, table.limitKey, table.limitPeriod)
      .where(sql`${table.limitKey} is not null`),
  ],
);

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
  lastSeen: integer('last_seen').notNull().default(0),
  lastRecorded: integer('last_recorded').notNull().default(0),
  lastError: text('last_error'),
});
