import { and, count, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable, SelectedFields } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { Db, Tx } from './client';
import { readPage, type PageQuery } from './paging';
import { foldedWordsMatch } from './search';

// Records staff draft and publish (packs, promotions, home slides): a `draft` and a `published` JSON
// document of one shape in the same row (decision records 034 to 036).

/** Where a record stands, computed by the database (jsonb equality ignores key order). */
export const draftStateSql = (draft: AnyPgColumn, published: AnyPgColumn) =>
  sql<'draft' | 'published' | 'changed'>`case when ${published} is null then 'draft'
  when ${draft} = ${published} then 'published' else 'changed' end`;

/** What publishing sets: the draft copied to the published state, now. */
export const publishedFromDraft = (draft: AnyPgColumn) => ({
  published: sql`${draft}`,
  publishedAt: new Date(),
  updatedAt: new Date(),
});

/**
 * Reads one row of a drafted table by its id as `columns` say (staff's view of it); `forUpdate`
 * locks the row while a change or a publication is made.
 */
export function draftedRowById<F extends SelectedFields, Id>(table: PgTable & { id: AnyPgColumn }, columns: F) {
  return async (db: Db | Tx, id: Id, { forUpdate = false }: { forUpdate?: boolean } = {}) => {
    const query = db
      .select(columns as Record<string, AnyPgColumn>)
      .from(table as PgTable)
      .where(eq(table.id, id))
      .limit(1);
    const [row] = forUpdate ? await query.for('update', { of: table as PgTable }) : await query;
    // drizzle cannot follow the selection through a generic `F`; the row holds these columns' values.
    return row as SelectResultFields<F> | undefined;
  };
}

/**
 * Every draft and published document of a drafted table as JSON text, for the pictures they name
 * (the worker's sweep of unused uploaded pictures).
 */
export async function draftedTexts(
  db: Db,
  table: { draft: AnyPgColumn; published: AnyPgColumn } & PgTable,
): Promise<string[]> {
  const rows = await db
    .select({ draft: sql<string>`${table.draft}::text`, published: sql<string | null>`${table.published}::text` })
    .from(table);
  return rows.flatMap((row) => (row.published === null ? [row.draft] : [row.draft, row.published]));
}

/** What a console list of drafted records asks: a page, a search in the title, one grouping field, a state. */
export interface DraftedListQuery extends PageQuery {
  q?: string;
  state?: string;
}

/**
 * A page of a drafted table as staff list it (`columns`, in `orderBy`): the draft's title searched
 * ignoring diacritics, the draft's `group` field (a pack's tab, a promotion's kind) equal to its value
 * when one is asked, and the record's state.
 */
export function readDraftedPage<F extends SelectedFields>(
  db: Db,
  table: PgTable & { draft: AnyPgColumn; published: AnyPgColumn },
  columns: F,
  query: DraftedListQuery,
  group: [field: string, value: string | undefined],
  orderBy: SQL[],
) {
  const [field, value] = group;
  const conditions = [
    query.q ? foldedWordsMatch(query.q, sql`${table.draft}->>'title'`) : undefined,
    value ? sql`${table.draft}->>${field} = ${value}` : undefined,
    query.state ? sql`${draftStateSql(table.draft, table.published)} = ${query.state}` : undefined,
  ].filter((condition) => condition !== undefined);
  const where = conditions.length ? and(...conditions) : undefined;
  const rows = db
    .select(columns as Record<string, AnyPgColumn>)
    .from(table as PgTable)
    .where(where)
    .orderBy(...orderBy);
  // drizzle cannot follow the selection through a generic `F`; the rows hold these columns' values.
  return readPage<SelectResultFields<F>>(
    query,
    rows as unknown as Parameters<typeof readPage<SelectResultFields<F>>>[1],
    db
      .select({ total: count() })
      .from(table as PgTable)
      .where(where),
  );
}
