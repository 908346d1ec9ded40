import { sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client';

// Records staff draft and publish (packs, promotions): a `draft` and a `published` JSON document of
// one shape in the same row (decision records 034 and 035).

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
