import { z } from 'zod';
import { gameItemKinds } from './game-api';

export const itemMessages = {
  required: 'item.required',
  unknown: 'item.unknown',
} as const;

/**
 * An item id a request may send: its shape only (the game's own rule). Whether the game lists it is
 * the API's check against its copy of the game's items (GET /api/internal/items), which the web cannot
 * know when it is built: the API refuses an item that is not listed with `itemMessages.unknown` on the field.
 */
export const itemIdSchema = z
  .string({ error: itemMessages.required })
  .trim()
  .min(1, { error: itemMessages.required, abort: true })
  .regex(/^[a-z0-9_.-]{1,64}$/, { error: itemMessages.unknown });

/** One item of the site's copy of the game's list, as the console reads it. */
export const gameItemEntrySchema = z.object({
  id: z.string(),
  /** The Vietnamese name players and staff read. */
  name: z.string(),
  kind: z.enum(gameItemKinds),
  icon: z.string().nullable(),
  /** False once the game stopped listing it: kept for the packs, codes and orders that name it. */
  listed: z.boolean(),
});
export type GameItemEntry = z.infer<typeof gameItemEntrySchema>;

/** `GET /api/internal/items`: the copy, listed items first, and when the game's list was last read into it. */
export const gameItemListSchema = z.object({
  items: z.array(gameItemEntrySchema),
  /** The last successful refresh; null before the first. */
  refreshedAt: z.string().nullable(),
});
export type GameItemList = z.infer<typeof gameItemListSchema>;

/** `GET /api/items/names`: every item's Vietnamese name by id, those no longer listed too (old orders name them). */
export const itemNamesSchema = z.object({ names: z.record(z.string(), z.string()) });
export type ItemNames = Record<string, string>;
