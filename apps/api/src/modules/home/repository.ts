import type { HomeSlideContent, HomeSection } from '@carabala/contracts';
import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { draftedRowById, draftedTexts, publishedFromDraft } from '../../db/drafts';
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
  hiddenAt: homeSlides.hiddenAt,
  state: stateSql,
};

const inOrder = (column: typeof homeSlides.draft | typeof homeSlides.published) => [
  sql`${column}->>'section'`,
  sql`(${column}->>'sortOrder')::int`,
  asc(homeSlides.createdAt),
  asc(homeSlides.id),
];

/**
 * Every published slide staff have not hidden, with its published content, in section and slide
 * order; with `drafts`, every such slide with its draft instead, as if each were published (the
 * staff's preview).
 */
export function findPublishedSlides(db: Db | Tx, drafts = false) {
  const content = drafts ? homeSlides.draft : homeSlides.published;
  return db
    .select({ id: homeSlides.id, content })
    .from(homeSlides)
    .where(and(isNotNull(content), isNull(homeSlides.hiddenAt)))
    .orderBy(...inOrder(content)) as Promise<{ id: string; content: HomeSlideContent }[]>;
}

export const findStaffSlide = draftedRowById<typeof staffColumns, string>(homeSlides, staffColumns);
export type StaffSlideRow = NonNullable<Awaited<ReturnType<typeof findStaffSlide>>>;

/** The home page's slides as drafted documents (db/drafts): one row as staff read it, and the home's writes. */
export const slideDocuments = {
  find: findStaffSlide,
  insertDraft: (tx: Tx, id: string, draft: HomeSlideContent) => tx.insert(homeSlides).values({ id, draft }),
  replaceDraft: (tx: Tx, id: string, draft: HomeSlideContent) =>
    tx.update(homeSlides).set({ draft, updatedAt: new Date() }).where(eq(homeSlides.id, id)),
  publish: (tx: Tx, id: string) =>
    tx.update(homeSlides).set(publishedFromDraft(homeSlides.draft)).where(eq(homeSlides.id, id)),
  setHidden: (tx: Tx, id: string, hidden: boolean) =>
    tx
      .update(homeSlides)
      .set({ hiddenAt: hidden ? new Date() : null })
      .where(eq(homeSlides.id, id)),
};

/** Every slide, drafts included (tens of rows), of one section or all. */
export function findStaffSlides(db: Db, section?: HomeSection) {
  return db
    .select(staffColumns)
    .from(homeSlides)
    .where(section ? sql`${homeSlides.draft}->>'section' = ${section}` : undefined)
    .orderBy(...inOrder(homeSlides.draft));
}

/** The gap between two slides' places, so that a slide placed by hand (`sortOrder`) can still go between. */
export const SLIDE_STEP = 10;

/** A section's slides in the console's order (the drafts'), locked while they are moved. */
export function lockSectionSlides(tx: Tx, section: HomeSection) {
  return tx
    .select({ id: homeSlides.id, draft: homeSlides.draft, published: homeSlides.published })
    .from(homeSlides)
    .where(sql`${homeSlides.draft}->>'section' = ${section}`)
    .orderBy(...inOrder(homeSlides.draft))
    .for('update');
}

/** Sets a slide's place in its draft and, when it has one, in its published state (a move shows at once). */
export async function placeSlide(tx: Tx, id: string, sortOrder: number) {
  const place = (column: typeof homeSlides.draft | typeof homeSlides.published) =>
    sql`jsonb_set(${column}, '{sortOrder}', to_jsonb(${sortOrder}::int))`;
  await tx
    .update(homeSlides)
    .set({
      draft: place(homeSlides.draft),
      published: sql`case when ${homeSlides.published} is null then null else ${place(homeSlides.published)} end`,
    })
    .where(eq(homeSlides.id, id));
}

/** The place after a section's last slide (a new slide goes last). */
export async function placeAfterLast(tx: Tx, section: HomeSection): Promise<number> {
  const [row] = await tx
    .select({ last: sql<number | null>`max((${homeSlides.draft}->>'sortOrder')::int)` })
    .from(homeSlides)
    .where(sql`${homeSlides.draft}->>'section' = ${section}`);
  return row?.last === null || row?.last === undefined ? 0 : Number(row.last) + SLIDE_STEP;
}

/** Every slide's draft and published state as text: the pictures they name (the sweep of unused pictures). */
export const homeArtReferences = (db: Db) => draftedTexts(db, homeSlides);
