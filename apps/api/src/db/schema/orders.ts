import { orderKinds, orderPayers, transactionStatuses } from '@carabala/contracts';
import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgEnum, pgTable, text, uuid, varchar } from 'drizzle-orm/pg-core';
import { randomId, requiredRef, stampedAt, timestampTz } from './columns';
import { users } from './users';
import { approvalRequests } from './approvals';
import type { Quote } from '@carabala/contracts/quote';
import type { MailCharacter, MailItem } from './mailbox';

// The orders module's table (modules/orders).

/**
 * `held`: the total arrived but the receiver had already reached the pack's limit, so the pack was
 * not delivered and the money waits for review; `cancelled`: another order of the same limited pack
 * was paid first.
 */
export const orderStatusEnum = pgEnum('order_status', transactionStatuses);
export const orderKindEnum = pgEnum('order_kind', orderKinds);
export const orderPaidByEnum = pgEnum('order_paid_by', orderPayers);

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
    /**
     * The pack's card as it was when the order was placed: its id (a selectable pack's for its
     * options), its tab and its thumbnail (null: drawn art), so that history and receipt stay as they were.
     */
    packId: integer('pack_id').notNull(),
    packTab: varchar('pack_tab', { length: 20 }).notNull(),
    thumbnail: varchar('thumbnail', { length: 300 }),
    /**
     * The quote the order was placed at (decision record 058): price, sale, limit and stock left, the
     * bonuses and tier perk then in view, the points; `total_price` and `items` are its price and items.
     * Null on orders placed before it (and on staff grants).
     */
    quote: jsonb('quote').$type<Quote>(),
    /** Items given on top of `items` (a promotion's bonus), decided when the order is paid; delivered with it. */
    bonusItems: jsonb('bonus_items').$type<MailItem[]>(),
    accumulatedAmount: bigint('accumulated_amount', { mode: 'number' }).notNull().default(0),
    status: orderStatusEnum('status').notNull().default('initial'),
    receiverId: requiredRef('receiver_id', () => users.id),
    buyerId: uuid('buyer_id').references(() => users.id),
    /** The server and character that receive the pack, chosen before the order; null: the account (no characters). */
    character: jsonb('character').$type<MailCharacter>(),
    /** Purchase-limit slot, e.g. `daily:201` in period `2026-11-21`; null when the pack has no limit. */
    limitKey: varchar('limit_key', { length: 40 }),
    limitPeriod: varchar('limit_period', { length: 10 }),
    /** How many paid orders the slot allows (the pack's limit when the order was placed). */
    limitCount: integer('limit_count').notNull().default(1),
    /** Set when staff reset the limit: the order no longer counts towards it. */
    limitReleasedAt: timestampTz('limit_released_at'),
    paidBy: orderPaidByEnum('paid_by'),
    note: text('note'),
    /** A staff grant: the approved request that made it, naming who asked for it and who approved it. */
    approvalId: uuid('approval_id').references(() => approvalRequests.id),
    /** When the order was held (limit reached) or cancelled. */
    closedAt: timestampTz('closed_at'),
    createdAt: stampedAt('created_at'),
    paidAt: timestampTz('paid_at'),
    /**
     * The end of the payment window: a bank transfer made later is held for review as late (decision
     * record 032). A part payment moves it to a full window after that transfer. Null: no window.
     */
    expiresAt: timestampTz('expires_at'),
  },
  (table) => [
    index('orders_receiver_idx').on(table.receiverId, table.createdAt),
    index('orders_buyer_idx').on(table.buyerId, table.createdAt),
    index('orders_approval_idx')
      .on(table.approvalId)
      .where(sql`${table.approvalId} is not null`),
    index('orders_status_idx').on(table.status, table.createdAt),
    index('orders_limit_idx')
      .on(table.receiverId, table.limitKey, table.limitPeriod)
      .where(sql`${table.limitKey} is not null`),
  ],
);
