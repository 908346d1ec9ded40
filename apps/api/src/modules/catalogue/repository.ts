import type { PackContent, PackListQuery, PackState } from '@carabala/contracts';
import { and, asc, count, eq, isNotNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { draftStateSql, publishedFromDraft } from '../../db/drafts';
import { readPage } from '../../db/paging';
import { findOne, rowsOf } from '../../db/rows';
import { catalogueSchedule, packs } from '../../db/schema';
import { foldedWordsMatch } from '../../db/search';

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

export async function findStaffPack(db: Db | Tx, id: number, options: { forUpdate?: boolean } = {}) {
  const query = db.select(staffColumns).from(packs).where(eq(packs.id, id)).limit(1);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}
export type StaffPackRow = NonNullable<Awaited<ReturnType<typeof findStaffPack>>>;

export async function findStaffPacks(db: Db, query: PackListQuery) {
  const conditions: SQL[] = [];
  const title = query.q ? foldedWordsMatch(query.q, sql`${packs.draft}->>'title'`) : undefined;
  if (title) conditions.push(title);
  if (query.tab) conditions.push(sql`${packs.draft}->>'tab' = ${query.tab}`);
  if (query.state) conditions.push(sql`${packStateSql} = ${query.state}`);
  const where = conditions.length ? and(...conditions) : undefined;
  const tabOrder = sql`array_position(array['tieu-bieu','flash-sale','ba-bich','boc-tham','chu-de','tien-te'], ${packs.draft}->>'tab')`;
  return readPage(
    query,
    db
      .select(staffColumns)
      .from(packs)
      .where(where)
      .orderBy(tabOrder, sql`(${packs.draft}->>'sortOrder')::int`, asc(packs.id)),
    db.select({ total: count() }).from(packs).where(where),
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

export async function insertPack(tx: Tx, id: number, draft: PackContent) {
  await tx.insert(packs).values({ id, draft });
}

export async function updateDraft(tx: Tx, id: number, draft: PackContent) {
  await tx.update(packs).set({ draft, updatedAt: new Date() }).where(eq(packs.id, id));
}

/** Copies the draft to the published state. */
export async function publishDraft(tx: Tx, id: number) {
  await tx.update(packs).set(publishedFromDraft(packs.draft)).where(eq(packs.id, id));
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
