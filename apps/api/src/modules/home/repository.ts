import type { HomeSlideContent, HomeSection } from '@carabala/contracts';
import { asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
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

export async function findStaffSlide(db: Db | Tx, id: string, options: { forUpdate?: boolean } = {}) {
  const query = db.select(staffColumns).from(homeSlides).where(eq(homeSlides.id, id)).limit(1);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}
export type StaffSlideRow = NonNullable<Awaited<ReturnType<typeof findStaffSlide>>>;

/** Every slide, drafts included (tens of rows), of one section or all. */
export function findStaffSlides(db: Db, section?: HomeSection) {
  return db
    .select(staffColumns)
    .from(homeSlides)
    .where(section ? sql`${homeSlides.draft}->>'section' = ${section}` : undefined)
    .orderBy(...inOrder(homeSlides.draft));
}

export async function insertSlide(tx: Tx, id: string, draft: HomeSlideContent) {
  await tx.insert(homeSlides).values({ id, draft });
}

export async function updateDraft(tx: Tx, id: string, draft: HomeSlideContent) {
  await tx.update(homeSlides).set({ draft, updatedAt: new Date() }).where(eq(homeSlides.id, id));
}

/** Copies the draft to the published state. */
export async function publishDraft(tx: Tx, id: string) {
  await tx
    .update(homeSlides)
    .set({ published: sql`${homeSlides.draft}`, publishedAt: new Date(), updatedAt: new Date() })
    .where(eq(homeSlides.id, id));
}
