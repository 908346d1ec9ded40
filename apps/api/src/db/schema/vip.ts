import type { VipTierContent } from '@carabala/contracts';
import { char, integer, pgTable, primaryKey, serial, uuid } from 'drizzle-orm/pg-core';
import { draftedColumns, requiredRef, stampedAt } from './columns';
import { users } from './users';
import { mails } from './mailbox';

// The vip module's tables (modules/vip): the tier table and the monthly gifts (decision record 059).

/** A VIP tier: staff write `draft`; `publish` copies it to `published`, the only state players and payments read. */
export const vipTiers = pgTable('vip_tiers', {
  id: serial('id').primaryKey(),
  ...draftedColumns<VipTierContent>(),
});

/**
 * A tier's monthly gift given to a player, one row per (player, Vietnam month, tier): the primary key
 * makes a second gift impossible, also for two payments at once; its mail is written with the row.
 */
export const vipGifts = pgTable(
  'vip_gifts',
  {
    userId: requiredRef('user_id', () => users.id),
    /** The Vietnam month, yyyy-mm. */
    month: char('month', { length: 7 }).notNull(),
    tierId: integer('tier_id')
      .notNull()
      .references(() => vipTiers.id),
    mailId: uuid('mail_id').references(() => mails.id),
    createdAt: stampedAt('created_at'),
  },
  (table) => [primaryKey({ columns: [table.userId, table.month, table.tierId] })],
);
