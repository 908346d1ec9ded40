import type { GameItem } from '@carabala/contracts/game-api';
import { and, asc, desc, eq, inArray, max, notInArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../lib/deps';
import { gameItems, type GameItemRow } from '../../db/schema';

// The site's copy of the game's item list (game_items): the only SQL on it.

/** Every row of the copy, listed items first, then by name. */
export function findAllItems(db: Db | Tx): Promise<GameItemRow[]> {
  return db.select().from(gameItems).orderBy(desc(gameItems.listed), asc(gameItems.name), asc(gameItems.id));
}

/** The listed items, by name. */
export function findListedItems(db: Db | Tx): Promise<GameItemRow[]> {
  return db.select().from(gameItems).where(eq(gameItems.listed, true)).orderBy(asc(gameItems.name), asc(gameItems.id));
}

/** The rows of these ids that are listed. */
export async function findListedIds(db: Db | Tx, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: gameItems.id })
    .from(gameItems)
    .where(and(inArray(gameItems.id, ids), eq(gameItems.listed, true)));
  return new Set(rows.map((row) => row.id));
}

/** When the game's list was last read into the copy: the latest row it listed. */
export async function lastRefreshedAt(db: Db | Tx): Promise<Date | null> {
  const [row] = await db.select({ at: max(gameItems.refreshedAt) }).from(gameItems);
  return row?.at ?? null;
}

/** Serializes the refreshes of several processes, for the length of the transaction. */
export async function lockCopy(tx: Tx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('game_items.refresh'))`);
}

const CHUNK = 500;

/** Writes the listed items as the game names them now, listed again if they had been dropped. */
export async function upsertListed(tx: Tx, items: GameItem[], at: Date): Promise<void> {
  for (let start = 0; start < items.length; start += CHUNK) {
    const rows = items.slice(start, start + CHUNK).map((item) => ({
      id: item.id,
      name: item.name,
      kind: item.kind,
      icon: item.icon,
      listed: true,
      refreshedAt: at,
    }));
    await tx
      .insert(gameItems)
      .values(rows)
      .onConflictDoUpdate({
        target: gameItems.id,
        set: {
          name: sql`excluded.name`,
          kind: sql`excluded.kind`,
          icon: sql`excluded.icon`,
          listed: true,
          refreshedAt: sql`excluded.refreshed_at`,
        },
      });
  }
}

/** Marks every listed row the game no longer lists: kept, with listed false. */
export async function unlistOthers(tx: Tx, keep: string[]): Promise<void> {
  await tx
    .update(gameItems)
    .set({ listed: false })
    .where(and(eq(gameItems.listed, true), keep.length > 0 ? notInArray(gameItems.id, keep) : undefined));
}
