import { roles } from '@carabala/contracts/permissions';
import { sql } from 'drizzle-orm';
import { index, pgEnum, pgTable, text, varchar } from 'drizzle-orm/pg-core';
import { randomId, stampedAt, timestampTz } from './columns';

// The users module's table (modules/users): every account, a player's or staff's.

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
