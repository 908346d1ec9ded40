import type { PackContent, PackListQuery, PackState } from '@carabala/contracts';
import { and, asc, eq, isNotNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { draftedRowById, draftedTexts, draftStateSql, readDraftedPage } from '../../db/drafts';
import { findOne, rowsOf } from '../../db/rows';
import { catalogueSchedule, packs } from '../../db/schema';

export type PackRow = typeof packs.$inferSelect;

/** Where a pack stands. */
export const packStateSql = draftStateSql(packs.draft, packs.published) as SQL<PackState>;

const staffColumns = {
  id: packs.id,
  draft: packs.draft,
  published: packs.published,
  publishedAt: packs.publishedAt,
  createdAt: packs.createdAt,
  updatedAt: packs.updatedAt,
  state: packStateSql,
};

/**
 * Every published pack, with its published content (the store, the schedule); with `drafts`, every
 * pack with its draft instead, as if each were published (the staff's preview).
 */
export function findPublishedPacks(db: Db | Tx, drafts = false) {
  const content = drafts ? packs.draft : packs.published;
  return db.select({ id: packs.id, content }).from(packs).where(isNotNull(content)).orderBy(asc(packs.id)) as Promise<
    { id: number; content: PackContent }[]
  >;
}

/** Product ids are `integer` columns: anything outside them names no product. */
const INT_MAX = 2_147_483_647;

/** The published pack that sells `productId`: the pack itself, or the selectable pack holding that option. */
export async function findPublishedPackOfProduct(db: Db | Tx, productId: number) {
  if (!Number.isInteger(productId) || productId < 1 || productId > INT_MAX) return undefined;
  const [row] = (await db
    .select({ id: packs.id, content: packs.published })
    .from(packs)
    .where(
      and(
        isNotNull(packs.published),
        sql`(${packs.id} = ${productId} or ${packs.published}->'options' @> ${JSON.stringify([{ id: productId }])}::jsonb)`,
      ),
    )
    .orderBy(asc(packs.id))
    .limit(1)) as { id: number; content: PackContent }[];
  return row;
}

export const findStaffPack = draftedRowById<typeof staffColumns, number>(packs, staffColumns);
export type StaffPackRow = NonNullable<Awaited<ReturnType<typeof findStaffPack>>>;

/** The packs as drafted documents (lib/drafted-documents): the table, and one row as staff read it. */
export const packDocuments = { table: packs, find: findStaffPack };

/** The packs as the console lists them, in the store's order: tab, then sort order. */
export function findStaffPacks(db: Db, query: PackListQuery) {
  const tabOrder = sql`array_position(array['tieu-bieu','flash-sale','ba-bich','boc-tham','chu-de','tien-te'], ${packs.draft}->>'tab')`;
  return readDraftedPage(
    db,
    packs,
    staffColumns,
    query,
    ['tab', query.tab],
    [tabOrder, sql`(${packs.draft}->>'sortOrder')::int`, sql`${packs.id}`],
  );
}

/** A fresh product id for a new pack or option (the seeded ones are all below the sequence's start). */
export async function nextProductId(tx: Tx): Promise<number> {
  const [row] = rowsOf<{ id: string | number }>(await tx.execute(sql`select nextval('product_ids') as id`));
  return Number(row!.id);
}

/**
 * The product ids among `ids` that another pack uses: as its own id, or as an option of its draft or
 * its published state.
 */
export async function productIdsOfOtherPacks(tx: Tx, ids: number[], packId: number): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = rowsOf<{ id: number }>(
    await tx.execute(sql`select distinct candidate.id from unnest(${`{${ids.join(',')}}`}::int[]) as candidate(id)
      join packs p on p.id <> ${packId} and (p.id = candidate.id
        or p.draft->'options' @> jsonb_build_array(jsonb_build_object('id', candidate.id))
        or p.published->'options' @> jsonb_build_array(jsonb_build_object('id', candidate.id)))`),
  );
  return rows.map((row) => Number(row.id));
}

/** The last moment whose boundaries have been handled (the row the migration wrote). */
export async function readHandledUntil(db: Db): Promise<Date> {
  const row = await findOne(db, catalogueSchedule, eq(catalogueSchedule.id, 1));
  return row?.handledUntil ?? new Date(0);
}

/** Moves the mark forward to `to` (never back: two workers at once both only move it on). */
export async function advanceHandledUntil(db: Db, to: Date): Promise<void> {
  await db
    .update(catalogueSchedule)
    .set({ handledUntil: to })
    .where(and(eq(catalogueSchedule.id, 1), lt(catalogueSchedule.handledUntil, to)));
}

/** Locks a pack's row while an order of it is counted against its stock, so two orders cannot both take the last one. */
export async function lockPackForSale(tx: Tx, id: number): Promise<void> {
  await tx.select({ id: packs.id }).from(packs).where(eq(packs.id, id)).for('update');
}

/** Every pack's draft and published state as text: the pictures they name, options' included (the sweep of unused pictures). */
export const packArtReferences = (db: Db) => draftedTexts(db, packs);
