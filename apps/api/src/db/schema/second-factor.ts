import { bigint, index, pgTable, text, uuid, varchar } from 'drizzle-orm/pg-core';
import { sessions } from './auth';
import { users } from './users';
import { randomId, requiredRef, stampedAt, timestampTz } from './columns';

/**
 * A staff account's TOTP second factor (decision record 029). Secrets are kept encrypted
 * (AES-256-GCM); `pendingSecret` is an enrolment not yet confirmed by a code, which belongs to the
 * session that started it (`pendingSessionId`) while that session lives; `lastStep` is the last
 * time-step whose code was accepted, so that no code is accepted twice.
 */
export const secondFactors = pgTable('second_factors', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: text('secret'),
  pendingSecret: text('pending_secret'),
  pendingSessionId: uuid('pending_session_id').references(() => sessions.id, { onDelete: 'set null' }),
  enabledAt: timestampTz('enabled_at'),
  lastStep: bigint('last_step', { mode: 'number' }),
  createdAt: stampedAt('created_at'),
});

/** One-time recovery codes, stored as SHA-256 hashes (each code carries 50 random bits). */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: randomId(),
    userId: requiredRef('user_id', () => users.id, 'cascade'),
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    usedAt: timestampTz('used_at'),
    createdAt: stampedAt('created_at'),
  },
  (table) => [index('recovery_codes_user_idx').on(table.userId, table.codeHash)],
);
