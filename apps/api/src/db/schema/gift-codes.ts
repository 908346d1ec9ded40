import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  unique,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { randomId, requiredRef, stampedAt, timestampTz, writtenAt } from './columns';
import { users } from './users';
import type { MailCharacter, MailItem } from './mailbox';

/** Codes made together by one staff action ("batch generation"); exported as CSV. */
export const giftCodeBatches = pgTable('gift_code_batches', {
  id: randomId(),
  prefix: varchar('prefix', { length: 12 }).notNull(),
  name: varchar('name', { length: 200 }).notNull(),
  count: integer('count').notNull(),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: stampedAt('created_at'),
});

/**
 * A gift code. `uses_count` only moves through a conditional UPDATE that refuses to pass
 * `max_uses` (null: unlimited), so the total holds under any concurrency.
 */
export const giftCodes = pgTable(
  'gift_codes',
  {
    id: randomId(),
    code: varchar('code', { length: 40 }).notNull(),
    name: varchar('name', { length: 200 }).notNull(),
    rewards: jsonb('rewards').$type<MailItem[]>().notNull(),
    maxUses: integer('max_uses'),
    usesCount: integer('uses_count').notNull().default(0),
    startsAt: timestampTz('starts_at'),
    expiresAt: timestampTz('expires_at'),
    newPlayerOnly: boolean('new_player_only').notNull().default(false),
    /** When non-empty, only these User IDs may claim. */
    allowedShortIds: varchar('allowed_short_ids', { length: 10 })
      .array()
      .notNull()
      .default(sql`'{}'::varchar[]`),
    active: boolean('active').notNull().default(true),
    batchId: uuid('batch_id').references(() => giftCodeBatches.id, { onDelete: 'set null' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...writtenAt(),
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
    id: randomId(),
    giftCodeId: requiredRef('gift_code_id', () => giftCodes.id, 'cascade'),
    batchId: uuid('batch_id'),
    userId: requiredRef('user_id', () => users.id, 'cascade'),
    ip: varchar('ip', { length: 64 }),
    /** The server and character that received the rewards; null for the account (no characters). */
    character: jsonb('character').$type<MailCharacter>(),
    claimedAt: stampedAt('claimed_at'),
  },
  (table) => [
    unique('gift_code_claims_once_per_player').on(table.giftCodeId, table.userId),
    uniqueIndex('gift_code_claims_once_per_batch')
      .on(table.batchId, table.userId)
      .where(sql`${table.batchId} IS NOT NULL`),
    index('gift_code_claims_user_idx').on(table.userId),
  ],
);
