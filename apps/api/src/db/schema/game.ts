import { gameItemKinds } from '@carabala/contracts/game-api';
import { boolean, index, integer, pgEnum, pgTable, primaryKey, varchar } from 'drizzle-orm/pg-core';
import { requiredRef, stampedAt, timestampTz } from './columns';
import { users } from './users';

// The game module's tables (modules/game): the connector to the game's back end (docs/game-api.md).

export const gameItemKindEnum = pgEnum('game_item_kind', gameItemKinds);

/**
 * The site's copy of the game's item list, refreshed by the worker: the console's item picker and the
 * API's validation read it, so a game outage never empties the picker. An item the game stopped
 * listing keeps its row with `listed` false, and packs or codes naming it are flagged.
 */
export const gameItems = pgTable('game_items', {
  id: varchar('id', { length: 64 }).primaryKey(),
  name: varchar('name', { length: 100 }).notNull(),
  kind: gameItemKindEnum('kind').notNull(),
  icon: varchar('icon', { length: 500 }),
  listed: boolean('listed').notNull().default(true),
  refreshedAt: stampedAt('refreshed_at'),
});

/**
 * The embedded game's characters (without GAME_API_URL the site is the game's account service): a
 * player's servers and characters, as a connected game answers them in a look-up.
 */
export const gameCharacters = pgTable(
  'game_characters',
  {
    userId: requiredRef('user_id', () => users.id, 'cascade'),
    serverId: varchar('server_id', { length: 64 }).notNull(),
    serverName: varchar('server_name', { length: 100 }).notNull(),
    characterId: varchar('character_id', { length: 64 }).notNull(),
    name: varchar('name', { length: 100 }).notNull(),
    level: integer('level').notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.serverId, table.characterId] })],
);

/** One-time sign-in links the game asked for: the token's hash, the player, where to land; used once. */
export const gameSignInLinks = pgTable(
  'game_sign_in_links',
  {
    tokenHash: varchar('token_hash', { length: 64 }).primaryKey(),
    userId: requiredRef('user_id', () => users.id, 'cascade'),
    path: varchar('path', { length: 200 }).notNull(),
    createdAt: stampedAt('created_at'),
    expiresAt: timestampTz('expires_at').notNull(),
    usedAt: timestampTz('used_at'),
  },
  (table) => [index('game_sign_in_links_expiry_idx').on(table.expiresAt)],
);

/**
 * What the game's signed calls already used, kept for the replay window: a signature seen again is a
 * replay; a player event's id seen again is acknowledged and not applied twice.
 */
export const gameCallsSeen = pgTable(
  'game_calls_seen',
  {
    key: varchar('key', { length: 200 }).primaryKey(),
    seenAt: stampedAt('seen_at'),
  },
  (table) => [index('game_calls_seen_at_idx').on(table.seenAt)],
);

export type GameItemRow = typeof gameItems.$inferSelect;
export type GameCharacterRow = typeof gameCharacters.$inferSelect;
