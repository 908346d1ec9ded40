import { codes, itemMessages, type GameItemList } from '@carabala/contracts';
import { gameItemsAnswerSchema, type GameItem } from '@carabala/contracts/game-api';
import type { Db, Logger, Tx } from '../../lib/deps';
import { AppError } from '../../plugins/errors';
import type { GameItemRow } from '../../db/schema';
import {
  findAllItems,
  findListedIds,
  findListedItems,
  lastRefreshedAt,
  lockCopy,
  unlistOthers,
  upsertListed,
} from './items-repository';

// The game's items (docs/game-api.md, POST /items/list) as the site keeps them: a copy in game_items,
// refreshed from the game by the background, read by the console's picker and by every check of an
// item a pack, a promotion, a gift code or a grant names. A game outage never empties it.

/** Where the game's list comes from: the GameBackend's `listItems` (connected), or the embedded game's. */
export type GameItemSource = () => Promise<GameItem[]>;

/** What one refresh changed, by item id. */
export interface ItemsRefresh {
  added: string[];
  changed: string[];
  unlisted: string[];
  relisted: string[];
  listed: number;
}

/** The game's answer, checked: within the contract, at least one item, each id once. */
function checkedList(list: GameItem[]): GameItem[] {
  const { items } = gameItemsAnswerSchema.parse({ items: list });
  if (items.length === 0) throw new Error('the game listed no items');
  const ids = new Set(items.map((item) => item.id));
  if (ids.size !== items.length) throw new Error('the game listed an item id twice');
  return items;
}

/**
 * Replaces the copy with the game's list, in one transaction: new items inserted, changed names, kinds
 * and icons updated, items no longer listed kept with `listed` false, an item listed again back to
 * true. The source is read before the transaction; a source that fails, answers outside the contract
 * or lists nothing throws and leaves the copy as it was.
 */
export async function refreshItems(db: Db, source: GameItemSource, at = new Date()): Promise<ItemsRefresh> {
  const items = checkedList(await source());
  return db.transaction(async (tx) => {
    await lockCopy(tx);
    const before = new Map((await findAllItems(tx)).map((row) => [row.id, row]));
    const outcome: ItemsRefresh = { added: [], changed: [], unlisted: [], relisted: [], listed: items.length };
    for (const item of items) {
      const old = before.get(item.id);
      if (!old) outcome.added.push(item.id);
      else {
        if (!old.listed) outcome.relisted.push(item.id);
        if (old.name !== item.name || old.kind !== item.kind || old.icon !== item.icon) outcome.changed.push(item.id);
      }
    }
    const listedNow = new Set(items.map((item) => item.id));
    for (const row of before.values()) if (row.listed && !listedNow.has(row.id)) outcome.unlisted.push(row.id);
    await upsertListed(tx, items, at);
    await unlistOthers(tx, [...listedNow]);
    return outcome;
  });
}

/** The items the game lists now, by name: what staff may put in a pack or a code. */
export const listedItems = (db: Db | Tx): Promise<GameItemRow[]> => findListedItems(db);

/** Every item of the copy, those the game no longer lists too. */
export const allItems = (db: Db | Tx): Promise<GameItemRow[]> => findAllItems(db);

/** Of these ids, those the copy does not hold as listed (each once, in the order given). */
export async function unknownOrUnlisted(db: Db | Tx, ids: readonly string[]): Promise<string[]> {
  const unique = [...new Set(ids)];
  const listed = await findListedIds(db, unique);
  return unique.filter((id) => !listed.has(id));
}

/** Every item's Vietnamese name by id, from the copy (names the game no longer lists too). */
export async function itemNames(db: Db | Tx): Promise<Record<string, string>> {
  return Object.fromEntries((await findAllItems(db)).map((row) => [row.id, row.name]));
}

/** The console's read of the copy. */
export async function gameItemList(db: Db | Tx): Promise<GameItemList> {
  const [rows, refreshedAt] = await Promise.all([findAllItems(db), lastRefreshedAt(db)]);
  return {
    items: rows.map(({ id, name, kind, icon, listed }) => ({ id, name, kind, icon, listed })),
    refreshedAt: refreshedAt?.toISOString() ?? null,
  };
}

/** Each item of a list with the field path of its id in the body: `items.0.itemId`. */
export const itemFields = (path: string, list: readonly { itemId: string }[]) =>
  list.map((item, index) => ({ field: `${path}.${index}.itemId`, itemId: item.itemId }));

/**
 * Refuses a body naming an item the game does not list (api.validation, "Vật phẩm không có trong danh
 * mục." on each such field). `kept`: items the record already had, still accepted on an update, so that
 * an old pack or code naming an item the game dropped can still be edited (it stays flagged).
 */
export async function refuseUnlistedItems(
  db: Db | Tx,
  fields: readonly { field: string; itemId: string }[],
  kept: Iterable<string> = [],
): Promise<void> {
  const keep = new Set(kept);
  const missing = new Set(
    await unknownOrUnlisted(
      db,
      fields.map((entry) => entry.itemId),
    ),
  );
  const refused = fields.filter((entry) => missing.has(entry.itemId) && !keep.has(entry.itemId));
  if (refused.length === 0) return;
  throw new AppError(
    400,
    codes.validation,
    itemMessages.unknown,
    Object.fromEntries(refused.map((entry) => [entry.field, [itemMessages.unknown]])),
  );
}

export interface GameItemsOptions {
  db: Db;
  log: Logger;
  source: GameItemSource;
  /** How often the game's list is read again (GAME_ITEMS_REFRESH_MS). */
  everyMs: number;
}

/**
 * The background's refresher of the copy: once at start, then every `everyMs`. A failed round logs a
 * warning, keeps the copy and waits for the next round; it never empties the copy.
 */
export function createGameItems({ db, log, source, everyMs }: GameItemsOptions) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<boolean> | undefined;
  let started = false;

  /** One refresh; whether it took. */
  function refreshNow(): Promise<boolean> {
    running ??= refreshItems(db, source)
      .then((outcome) => {
        const { added, changed, unlisted, relisted, listed } = outcome;
        if (added.length || changed.length || unlisted.length || relisted.length) {
          log.info({ listed, added, changed, unlisted, relisted }, 'game items refreshed');
        }
        return true;
      })
      .catch((error: unknown) => {
        log.warn({ err: error }, 'game items not refreshed; the copy is kept until the next round');
        return false;
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  }

  function plan() {
    if (!started) return;
    timer = setTimeout(() => void refreshNow().then(plan), everyMs);
  }

  return {
    refreshNow,
    start() {
      if (started) return;
      started = true;
      void refreshNow().then(plan);
    },
    async stop() {
      started = false;
      clearTimeout(timer);
      await running;
    },
    /** The console's read of the copy. */
    list: () => gameItemList(db),
    /** The names players read, by id. */
    names: () => itemNames(db),
  };
}

export type GameItems = ReturnType<typeof createGameItems>;
