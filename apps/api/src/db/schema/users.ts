import { roles } from '@carabala/contracts/permissions';
import { sql } from 'drizzle-orm';
import { date, index, pgEnum, pgTable, text, varchar } from 'drizzle-orm/pg-core';
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
    /** What sign-up asks for (Decree 147/2024 Art. 39): the player's full name and date of birth. */
    fullName: varchar('full_name', { length: 100 }),
    birthDate: date('birth_date', { mode: 'string' }),
    /** A Vietnamese mobile number, normalised (+84…); verified by an SMS code (modules/phone). */
    phone: varchar('phone', { length: 16 }).unique(),
    phoneVerifiedAt: timestampTz('phone_verified_at'),
    /** A player under 16 registers with a parent's or guardian's name and phone (Art. 39). */
    guardianName: varchar('guardian_name', { length: 100 }),
    guardianPhone: varchar('guardian_phone', { length: 16 }),
    guardianPhoneVerifiedAt: timestampTz('guardian_phone_verified_at'),
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
