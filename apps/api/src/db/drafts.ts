import { sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

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
