import { index, pgTable, varchar } from 'drizzle-orm/pg-core';
import { randomId, requiredRef, stampedAt, timestampTz } from './columns';
import { users } from './users';

// The auth module's table (modules/auth): sign-in sessions.

export const sessions = pgTable(
  'sessions',
  {
    id: randomId(),
    userId: requiredRef('user_id', () => users.id, 'cascade'),
    deviceId: varchar('device_id', { length: 200 }),
    /** The sign-in's User-Agent (cut to 500 characters): the "Chrome trên Windows" of the device list. */
    userAgent: varchar('user_agent', { length: 500 }),
    /** The client address of the sign-in, then of the latest use (moved at most once a minute). */
    address: varchar('address', { length: 64 }),
    createdAt: stampedAt('created_at'),
    lastSeenAt: stampedAt('last_seen_at'),
    expiresAt: timestampTz('expires_at').notNull(),
    revokedAt: timestampTz('revoked_at'),
    /** When this session last entered a second-factor code (sign-in or step-up); decision record 029. */
    secondFactorAt: timestampTz('second_factor_at'),
  },
  (table) => [index('sessions_user_idx').on(table.userId)],
);
