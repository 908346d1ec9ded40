import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import type { MailItem } from './mailbox';

/** Codes made together by one staff action ("batch generation"); exported as CSV. */
export const giftCodeBatches = pgTable('gift_code_batches', {
  id: uuid('id').primaryKey().defaultRandom(),
  prefix: varchar('prefix', { length: 12 }).notNull(),
  name: varchar('name', { length: 200 }).notNull(),
  count: integer('count').notNull(),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A gift code. `uses_count` only moves through a conditional UPDATE that refuses to pass
 * `max_uses` (null: unlimited), so the total holds under any concurrency.
 */
export const giftCodes = pgTable(
  'gift_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: varchar('code', { length: 40 }).notNull(),
    name: varchar('name', { length: 200 }).notNull(),
    rewards: jsonb('rewards').$type<MailItem[]>().notNull(),
    maxUses: integer('max_uses'),
    usesCount: integer('uses_count').notNull().default(0),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    newPlayerOnly: boolean('new_player_only').notNull().default(false),
    /** When non-empty, only these User IDs may claim. */
    allowedShortIds: varchar('allowed_short_ids', { length: 10 })
      .array()
      .notNull()
      .default(sql`'{}'::varchar[]`),
    active: boolean('active').notNull().default(true),
    batchId: uuid('batch_id').references(() => giftCodeBatches.id, { onDelete: 'set null' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('gift_codes_code_lower_unique').on(sql`lower(${table.code})`),
    index('gift_codes_batch_idx').on(table.batchId),
    index('gift_codes_created_idx').on(table.createdAt),
    check(
      'gift_codes_uses_within_max',
      sql`${table.usesCount} >= 0 AND (${table.maxUses} IS NULL OR ${table.usesCount} <= ${table.maxUses})`,
    ),
  ],
);

/**
 * One row per successful claim. The unique (gift_code_id, user_id) makes a second claim by the same
 * player impossible; the partial unique (batch_id, user_id) lets a player use one code per batch.
 */
export const giftCodeClaims = pgTable(
  'gift_code_claims',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    giftCodeId: uuid('gift_code_id')
      .notNull()
      .references(() => giftCodes.id, { onDelete: 'cascade' }),
    batchId: uuid('batch_id'),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ip: varchar('ip', { length: 64 }),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('gift_code_claims_once_per_player').on(table.giftCodeId, table.userId),
    uniqueIndex('gift_code_claims_once_per_batch')
      .on(table.batchId, table.userId)
      .where(sql`${table.batchId} IS NOT NULL`),
    index('gift_code_claims_user_idx').on(table.userId),
  ],
);
