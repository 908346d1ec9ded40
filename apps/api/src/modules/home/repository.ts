import type { HomeSlideContent, HomeSection } from '@carabala/contracts';
import { asc, isNotNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { draftedRowById, draftedTexts } from '../../db/drafts';
import { homeSlides } from '../../db/schema';

/** Where a slide stands, computed by the database (jsonb equality ignores key order). */
const stateSql = sql<'draft' | 'published' | 'changed'>`case when ${homeSlides.published} is null then 'draft'
  when ${homeSlides.draft} = ${homeSlides.published} then 'published' else 'changed' end`;

const staffColumns = {
  id: homeSlides.id,
  draft: homeSlides.draft,
  published: homeSlides.published,
  publishedAt: homeSlides.publishedAt,
  createdAt: homeSlides.createdAt,
  updatedAt: homeSlides.updatedAt,
  state: stateSql,
};

const inOrder = (column: typeof homeSlides.draft | typeof homeSlides.published) => [
  sql`${column}->>'section'`,
  sql`(${column}->>'sortOrder')::int`,
  asc(homeSlides.createdAt),
  asc(homeSlides.id),
];

/**
 * Every published slide with its published content, in section and slide order; with `drafts`, every
 * slide with its draft instead, as if each were published (the staff's preview).
 */
export function findPublishedSlides(db: Db | Tx, drafts = false) {
  const content = drafts ? homeSlides.draft : homeSlides.published;
  return db
    .select({ id: homeSlides.id, content })
    .from(homeSlides)
    .where(isNotNull(content))
    .orderBy(...inOrder(content)) as Promise<{ id: string; content: HomeSlideContent }[]>;
}

export const findStaffSlide = draftedRowById<typeof staffColumns, string>(homeSlides, staffColumns);
export type StaffSlideRow = NonNullable<Awaited<ReturnType<typeof findStaffSlide>>>;

/** The home page's slides as drafted documents (lib/drafted-documents): the table, and one row as staff read it. */
export const slideDocuments = { table: homeSlides, find: findStaffSlide };

/** Every slide, drafts included (tens of rows), of one section or all. */
export function findStaffSlides(db: Db, section?: HomeSection) {
  return db
    .select(staffColumns)
    .from(homeSlides)
    .where(section ? sql`${homeSlides.draft}->>'section' = ${section}` : undefined)
    .orderBy(...inOrder(homeSlides.draft));
}

/** Every slide's draft and published state as text: the pictures they name (the sweep of unused pictures). */
export const homeArtReferences = (db: Db) => draftedTexts(db, homeSlides);
