import { roles } from '@carabala/contracts/permissions';
import { sql } from 'drizzle-orm';
import { index, pgEnum, pgTable, text, varchar } from 'drizzle-orm/pg-core';
import { randomId, requiredRef, stampedAt, timestampTz } from './columns';

export const roleEnum = pgEnum('role', roles);

export const users = pgTable(
  'users',
  {
    id: randomId(),
    shortId: varchar('short_id', { length: 10 }).notNull().unique(),
    username: varchar('username', { length: 200 }),
    passwordHash: text('password_hash'),
    displayName: varchar('display_name', { length: 100 }).notNull(),
    avatar: text('avatar'),
    email: varchar('email', { length: 320 }),
    emailVerifiedAt: timestampTz('email_verified_at'),
    role: roleEnum('role').notNull().default('player'),
    /**
     * With GAME_API_URL: the game's id of the player this row shadows (no password is kept); null for
     * staff and for the embedded account service's own players.
     */
    gamePlayerId: varchar('game_player_id', { length: 64 }).unique(),
    /** When the game said the player was banned (their sessions ended then); null: not banned. */
    bannedAt: timestampTz('banned_at'),
    createdAt: stampedAt('created_at'),
    /**
     * When the player last saw their notifications (the notifications module moves it): what changed
     * after it is news, on every device. A new account starts at its creation.
     */
    notificationsSeenAt: stampedAt('notifications_seen_at'),
  },
  (table) => [index('users_username_lower_idx').on(sql`lower(${table.username})`)],
);

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
