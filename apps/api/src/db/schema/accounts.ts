import { index, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { randomId, requiredRef, stampedAt, timestampTz } from './columns';
import { users } from './users';

// The accounts module's table (modules/accounts): the one-time links of sign-up and password reset.

/**
 * A one-time link sent by e-mail: 'verify_email' (valid ACCOUNT_VERIFY_HOURS) or 'password_reset'
 * (valid PASSWORD_RESET_MINUTES). Only the SHA-256 of the token is kept, so a copy of the database
 * opens no account; a link is spent by the one statement that sets `used_at` (decision record 056).
 */
export const accountTokens = pgTable(
  'account_tokens',
  {
    id: randomId(),
    userId: requiredRef('user_id', () => users.id, 'cascade'),
    purpose: varchar('purpose', { length: 20 }).notNull(),
    /** Hex SHA-256 of the token in the link. */
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    expiresAt: timestampTz('expires_at').notNull(),
    usedAt: timestampTz('used_at'),
    createdAt: stampedAt('created_at'),
  },
  (table) => [
    uniqueIndex('account_tokens_hash_unique').on(table.tokenHash),
    index('account_tokens_user_idx').on(table.userId, table.purpose),
  ],
);
