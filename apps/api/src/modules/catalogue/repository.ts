import type { PackContent, PackListQuery, PackState } from '@carabala/contracts';
import { and, asc, eq, isNotNull, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { draftedRowById, draftedTexts, draftStateSql, publishedFromDraft, readDraftedPage } from '../../db/drafts';
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
  hiddenAt: packs.hiddenAt,
  state: packStateSql,
};

/**
 * Every published pack staff have not hidden, with its published content (the store, the schedule);
 * with `drafts`, every such pack with its draft instead, as if each were published (the staff's
 * preview: publishing a hidden pack keeps it hidden).
 */
export function findPublishedPacks(db: Db | Tx, drafts = false) {
  const content = drafts ? packs.draft : packs.published;
  return db
    .select({ id: packs.id, content })
    .from(packs)
    .where(and(isNotNull(content), isNull(packs.hiddenAt)))
    .orderBy(asc(packs.id)) as Promise<{ id: number; content: PackContent }[]>;
}

/** Product ids are `integer` columns: anything outside them names no product. */
const INT_MAX = 2_147_483_647;

/**
 * The published pack that sells `productId`: the pack itself, or the selectable pack holding that
 * option; `hidden` when staff took it off the store.
 */
export async function findPublishedPackOfProduct(db: Db | Tx, productId: number) {
  if (!Number.isInteger(productId) || productId < 1 || productId > INT_MAX) return undefined;
  const [row] = (await db
    .select({ id: packs.id, content: packs.published, hidden: sql<boolean>`${packs.hiddenAt} is not null` })
    .from(packs)
    .where(
      and(
        isNotNull(packs.published),
        sql`(${packs.id} = ${productId} or ${packs.published}->'options' @> ${JSON.stringify([{ id: productId }])}::jsonb)`,
      ),
    )
    .orderBy(asc(packs.id))
    .limit(1)) as { id: number; content: PackContent; hidden: boolean }[];
  return row;
}

export const findStaffPack = draftedRowById<typeof staffColumns, number>(packs, staffColumns);
export type StaffPackRow = NonNullable<Awaited<ReturnType<typeof findStaffPack>>>;

/** The packs as drafted documents (db/drafts): one row as staff read it, and the catalogue's writes. */
export const packDocuments = {
  find: findStaffPack,
  insertDraft: (tx: Tx, id: number, draft: PackContent) => tx.insert(packs).values({ id, draft }),
  replaceDraft: (tx: Tx, id: number, draft: PackContent) =>
    tx.update(packs).set({ draft, updatedAt: new Date() }).where(eq(packs.id, id)),
  publish: (tx: Tx, id: number) => tx.update(packs).set(publishedFromDraft(packs.draft)).where(eq(packs.id, id)),
  setHidden: (tx: Tx, id: number, hidden: boolean) =>
    tx
      .update(packs)
      .set({ hiddenAt: hidden ? new Date() : null })
      .where(eq(packs.id, id)),
};

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

/**
 * The console's names of product ids: a pack's title, or "pack · option" for an option of a selectable
 * pack (as drafted); an id no pack has is left out.
 */
export async function findProductTitles(db: Db | Tx, ids: number[]): Promise<Map<number, string>> {
  const titles = new Map<number, string>();
  const wanted = ids.filter((id) => Number.isInteger(id) && id > 0 && id <= INT_MAX);
  if (wanted.length === 0) return titles;
  const rows = rowsOf<{ id: number; title: string; optionId: number | null; optionTitle: string | null }>(
    await db.execute(sql`select p.id, p.draft->>'title' as title, (o->>'id')::int as "optionId", o->>'title' as "optionTitle"
      from packs p
      left join lateral jsonb_array_elements(case when jsonb_typeof(p.draft->'options') = 'array'
        then p.draft->'options' else '[]'::jsonb end) o on true
      where p.id = any(${`{${wanted.join(',')}}`}::int[]) or (o->>'id')::int = any(${`{${wanted.join(',')}}`}::int[])`),
  );
  for (const row of rows) {
    if (wanted.includes(Number(row.id))) titles.set(Number(row.id), row.title);
    if (row.optionId !== null && wanted.includes(Number(row.optionId))) {
      titles.set(Number(row.optionId), `${row.title} · ${row.optionTitle}`);
    }
  }
  return titles;
}
