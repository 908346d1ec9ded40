import { pointsEntryKinds, type PointsSettingsContent, type PointsShopItemContent } from '@carabala/contracts';
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgEnum, pgTable, serial, text, unique, uuid } from 'drizzle-orm/pg-core';
import { draftedColumns, randomId, requiredRef, stampedAt, timestampTz } from './columns';
import type { MailItem } from './mailbox';
import { users } from './users';

// The points module's tables (modules/points, decision record 060).

export const pointsEntryKindEnum = pgEnum('points_entry_kind', pointsEntryKinds);

/**
 * The append-only ledger of points: earned with a paid order, spent in the shop, expired, adjusted by
 * staff. One event writes at most one row: (kind, source_id) is unique (an order's id, a redemption's
 * id, an expiry's cut, an adjustment's key). A player's balance is the sum of their rows.
 */
export const pointsLedger = pgTable(
  'points_ledger',
  {
    id: serial('id').primaryKey(),
    userId: requiredRef('user_id', () => users.id),
    kind: pointsEntryKindEnum('kind').notNull(),
    sourceId: text('source_id').notNull(),
    points: integer('points').notNull(),
    /** What a line is about, kept as it was: an order's code, a shop item's name, the staff's reason. */
    about: text('about'),
    /** Earned and added points: when they expire (null: never). */
    expiresAt: timestampTz('expires_at'),
    actorId: uuid('actor_id').references(() => users.id),
    createdAt: stampedAt('created_at'),
  },
  (table) => [
    unique('points_ledger_source_unique').on(table.kind, table.sourceId),
    index('points_ledger_user_idx').on(table.userId, table.id),
    index('points_ledger_created_idx').on(table.createdAt),
  ],
);

/**
 * Each player's balance, kept equal to the sum of their ledger rows by the statements that write a row;
 * the row is the lock every spending takes, and the CHECK makes a negative balance impossible.
 */
export const pointsBalances = pgTable(
  'points_balances',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id),
    balance: bigint('balance', { mode: 'number' }).notNull().default(0),
  },
  (table) => [check('points_balances_not_negative', sql`${table.balance} >= 0`)],
);

/** The points settings: one row (id 1), drafted and published by staff like packs. */
export const pointsSettings = pgTable('points_settings', {
  id: integer('id').primaryKey(),
  ...draftedColumns<PointsSettingsContent>(),
});

/** The rewards shop's items, drafted and published by staff. */
export const pointsShopItems = pgTable('points_shop_items', {
  id: serial('id').primaryKey(),
  ...draftedColumns<PointsShopItemContent>(),
});

/** A redemption in the shop: its ledger row and its mail have this id as their source. */
export const pointsRedemptions = pgTable(
  'points_redemptions',
  {
    id: randomId(),
    userId: requiredRef('user_id', () => users.id),
    shopItemId: integer('shop_item_id')
      .notNull()
      .references(() => pointsShopItems.id),
    title: text('title').notNull(),
    price: integer('price').notNull(),
    items: jsonb('items').$type<MailItem[]>().notNull(),
    createdAt: stampedAt('created_at'),
  },
  (table) => [index('points_redemptions_item_idx').on(table.shopItemId, table.userId)],
);
