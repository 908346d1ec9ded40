import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgEnum, pgTable, text, timestamp, unique, uuid, varchar } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import type { MailItem } from './mailbox';

export const orderStatusEnum = pgEnum('order_status', ['initial', 'done']);
export const orderKindEnum = pgEnum('order_kind', ['bank', 'manual']);
export const orderPaidByEnum = pgEnum('order_paid_by', ['bank', 'staff', 'grant']);
export const bankEventMatchEnum = pgEnum('bank_event_match', [
  'credited',
  'overpaid',
  'late',
  'unmatched',
  'wrong_account',
  'outgoing',
  'invalid',
]);

/**
 * A pack order paid by bank transfer (or granted by staff). The id is a random UUID because a
 * guest sees it in the URL; `code` is what the player writes in the transfer content.
 */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: varchar('code', { length: 25 }).notNull().unique(),
    kind: orderKindEnum('kind').notNull().default('bank'),
    productId: integer('product_id').notNull(),
    productTitle: varchar('product_title', { length: 200 }).notNull(),
    totalPrice: integer('total_price').notNull(),
    /** What the order delivers, fixed when it is placed (the catalogue may change later). */
    items: jsonb('items').$type<MailItem[]>().notNull(),
    accumulatedAmount: integer('accumulated_amount').notNull().default(0),
    status: orderStatusEnum('status').notNull().default('initial'),
    receiverId: uuid('receiver_id')
      .notNull()
      .references(() => users.id),
    buyerId: uuid('buyer_id').references(() => users.id),
    /** Purchase-limit slot, e.g. `daily:201` in period `2026-11-21`; null when the pack has no limit. */
    limitKey: varchar('limit_key', { length: 40 }),
    limitPeriod: varchar('limit_period', { length: 10 }),
    /** Set when staff reset the limit: the order no longer counts towards it. */
    limitReleasedAt: timestamp('limit_released_at', { withTimezone: true }),
    paidBy: orderPaidByEnum('paid_by'),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
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
    id: uuid('id').primaryKey().defaultRandom(),
    provider: varchar('provider', { length: 20 }).notNull(),
    providerId: varchar('provider_id', { length: 40 }).notNull(),
    orderId: uuid('order_id').references(() => orders.id),
    amount: integer('amount').notNull().default(0),
    transferType: varchar('transfer_type', { length: 10 }),
    accountNumber: varchar('account_number', { length: 40 }),
    content: text('content'),
    referenceCode: varchar('reference_code', { length: 100 }),
    match: bankEventMatchEnum('match').notNull(),
    transactionDate: timestamp('transaction_date', { withTimezone: true }),
    payload: jsonb('payload').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewedBy: uuid('reviewed_by').references(() => users.id),
    reviewNote: text('review_note'),
  },
  (table) => [
    unique('bank_events_provider_unique').on(table.provider, table.providerId),
    index('bank_events_order_idx').on(table.orderId),
    index('bank_events_review_idx').on(table.match, table.receivedAt),
  ],
);
