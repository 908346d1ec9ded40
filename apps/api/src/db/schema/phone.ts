import { index, integer, pgTable, varchar } from 'drizzle-orm/pg-core';
import { users } from './users';
import { randomId, requiredRef, stampedAt, timestampTz } from './columns';

// The phone module's table (modules/phone): the SMS codes sent to verify a number.

/**
 * One code sent by SMS: to the account's number, a new number for it, or its guardian's (`target`).
 * Only the code's HMAC is kept; it works once (`usedAt`), until `expiresAt`, for a few wrong tries
 * (`attempts`), and only its account's latest code for that target does. The rows are also the
 * throttle's memory: the sends per number, per account and per address in the last hour.
 */
export const phoneCodes = pgTable(
  'phone_codes',
  {
    id: randomId(),
    userId: requiredRef('user_id', () => users.id, 'cascade'),
    /** 'phone' (the account's number, or a new one) or 'guardian'. */
    target: varchar('target', { length: 10 }).notNull(),
    /** The number the code went to, normalised (+84…): the one the code verifies. */
    phone: varchar('phone', { length: 16 }).notNull(),
    /** HMAC-SHA256 of the code (hex) under a key derived from JWT_SECRET. */
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    /** The address that asked for it (the per-address throttle). */
    address: varchar('address', { length: 64 }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: stampedAt('created_at'),
    expiresAt: timestampTz('expires_at').notNull(),
    usedAt: timestampTz('used_at'),
  },
  (table) => [
    index('phone_codes_user_idx').on(table.userId, table.target, table.createdAt),
    index('phone_codes_phone_idx').on(table.phone, table.createdAt),
    index('phone_codes_address_idx').on(table.address, table.createdAt),
  ],
);
