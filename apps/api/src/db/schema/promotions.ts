import type { PromotionContent } from '@carabala/contracts';
import { integer, jsonb, pgTable, primaryKey, serial, uuid } from 'drizzle-orm/pg-core';
import { draftedColumns, requiredRef, stampedAt } from './columns';
import { users } from './users';
import type { MailItem } from './mailbox';
import { orders } from './orders';

// The promotions module's tables (modules/promotions).

/** A promotion: staff write `draft`; `publish` copies it to `published`, the only state payments read. */
export const promotions = pgTable('promotions', {
  id: serial('id').primaryKey(),
  ...draftedColumns<PromotionContent>(),
});

/**
 * What a promotion gave a receiver, one row per (promotion, receiver, slot): slot 0 is the first
 * top-up, the n-th rewarded order of a bonus window is slot n-1, a milestone's slot is its threshold.
 * The primary key makes a second gift of the same slot impossible, also for two payments at once.
 */
export const promotionClaims = pgTable(
  'promotion_claims',
  {
    promotionId: integer('promotion_id')
      .notNull()
      .references(() => promotions.id),
    receiverId: requiredRef('receiver_id', () => users.id),
    slot: integer('slot').notNull(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    items: jsonb('items').$type<MailItem[]>().notNull(),
    createdAt: stampedAt('created_at'),
  },
  (table) => [primaryKey({ columns: [table.promotionId, table.receiverId, table.slot] })],
);
