import { index, pgTable, varchar } from 'drizzle-orm/pg-core';
import { stampedAt } from './columns';

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
