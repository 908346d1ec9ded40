import { index, pgTable, primaryKey, smallint, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { users } from './users';
import { requiredRef, stampedAt, timestampTz } from './columns';

// The social-auth module's tables (modules/social-auth).

/**
 * A social identity (Google, Facebook) linked to one account; one identity belongs to one account,
 * and an account links at most one identity per provider.
 */
export const identities = pgTable(
  'identities',
  {
    provider: varchar('provider', { length: 20 }).notNull(),
    subject: varchar('subject', { length: 255 }).notNull(),
    userId: requiredRef('user_id', () => users.id, 'cascade'),
    linkedAt: stampedAt('linked_at'),
  },
  (table) => [
    primaryKey({ columns: [table.provider, table.subject] }),
    uniqueIndex('identities_user_provider_idx').on(table.userId, table.provider),
  ],
);

/**
 * Authorization codes already presented to POST /api/auth/google (and the linking call), by SHA-256
 * hash. A code is recorded before it is exchanged, so a replayed code is refused even when the
 * provider would accept it twice. Rows older than a day are pruned: codes live minutes.
 */
export const usedAuthorizationCodes = pgTable(
  'used_authorization_codes',
  {
    provider: varchar('provider', { length: 20 }).notNull(),
    codeHash: varchar('code_hash', { length: 64 }).primaryKey(),
    usedAt: stampedAt('used_at'),
  },
  (table) => [index('used_authorization_codes_used_at_idx').on(table.usedAt)],
);

/**
 * What each account-linking step verified (POST /api/auth/{product}/tmp/1 to /4, decision 027): the
 * provider's identity at step 1, the account whose password was checked at step 2, the link at
 * step 3. A step's token names its row by a random handle, kept here only as its SHA-256; the next
 * step reads the identity and the account from this row, never from the token, so no token, even one
 * signed with a known key, can name an account that no step proved. `used_at`: the step-3 row signs
 * in once. Expired rows are pruned when a step 1 is recorded.
 */
export const accountLinkSteps = pgTable(
  'account_link_steps',
  {
    handleHash: varchar('handle_hash', { length: 64 }).primaryKey(),
    step: smallint('step').notNull(),
    provider: varchar('provider', { length: 20 }).notNull(),
    subject: varchar('subject', { length: 255 }).notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestampTz('expires_at').notNull(),
    usedAt: timestampTz('used_at'),
  },
  (table) => [index('account_link_steps_expires_at_idx').on(table.expiresAt)],
);
