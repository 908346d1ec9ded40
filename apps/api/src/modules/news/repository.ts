import { and, desc, eq, gt, like, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { readPage, type PageQuery } from '../../db/paging';
import { news } from '../../db/schema';
import { foldedWordsMatch } from '../../db/search';
import { findOne, updateStamped } from '../../db/rows';

export type NewsRow = typeof news.$inferSelect;
export type NewsInsert = typeof news.$inferInsert;

const summaryColumns = {
  id: news.id,
  slug: news.slug,
  title: news.title,
  summary: news.summary,
  coverImage: news.coverImage,
  category: news.category,
  publishedAt: news.publishedAt,
  hot: news.hot,
};

const countNews = (db: Db, where: SQL | undefined) =>
  db
    .select({ total: sql<number>`count(*)::int` })
    .from(news)
    .where(where);

/**
 * Who reads and when: players now; the staff's preview at a chosen moment, with `drafts` counting an
 * unpublished article as published now (its set date kept, as publishing keeps it).
 */
export interface NewsView {
  at?: Date;
  drafts?: boolean;
}

/** The moment an article counts from for `view`: its date, or now for a draft without one. */
const momentOf = ({ drafts }: NewsView) =>
  drafts ? sql<Date>`coalesce(${news.publishedAt}, now())`.mapWith(news.publishedAt) : news.publishedAt;

/** Public: published, and its moment has come (a future `published_at` is a scheduled article). */
const isPublic = (view: NewsView = {}) =>
  and(
    view.drafts ? undefined : eq(news.published, true),
    sql`${momentOf(view)} <= ${view.at ? sql`${view.at.toISOString()}::timestamptz` : sql`now()`}`,
  );

const publishedFilter = (category: NewsRow['category'] | undefined, view: NewsView) =>
  and(isPublic(view), category ? eq(news.category, category) : undefined);

export async function listPublished(
  db: Db,
  query: PageQuery & { category?: NewsRow['category']; hotFirst?: boolean },
  view: NewsView = {},
) {
  const where = publishedFilter(query.category, view);
  const moment = momentOf(view);
  return readPage(
    query,
    db
      .select({ ...summaryColumns, publishedAt: moment })
      .from(news)
      .where(where)
      // The id breaks ties so that paging is stable when two articles share a date.
      .orderBy(...(query.hotFirst ? [desc(news.hot)] : []), desc(moment), desc(news.id)),
    countNews(db, where),
  );
}

export async function findPublishedBySlug(db: Db, slug: string) {
  return findOne(db, news, and(eq(news.slug, slug), isPublic()));
}

/**
 * The moments scheduled articles become public, from a day back (the schedule handles those after its
 * mark) onwards.
 */
export async function findScheduledMoments(db: Db): Promise<Date[]> {
  const rows = await db
    .select({ at: news.publishedAt })
    .from(news)
    .where(and(eq(news.published, true), gt(news.publishedAt, sql`now() - interval '1 day'`)));
  return rows.map((row) => row.at!);
}

export async function listAll(db: Db, query: PageQuery & { published?: boolean; q?: string }) {
  const where = and(
    query.published === undefined ? undefined : eq(news.published, query.published),
    query.q ? foldedWordsMatch(query.q, news.title, news.slug) : undefined,
  );
  return readPage(
    query,
    db.select().from(news).where(where).orderBy(desc(news.createdAt), desc(news.id)),
    countNews(db, where),
  );
}

export async function findById(db: Db | Tx, id: string, options: { forUpdate?: boolean } = {}) {
  const query = db.select().from(news).where(eq(news.id, id)).limit(1);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

export async function insertNews(tx: Tx, values: NewsInsert) {
  const [row] = await tx.insert(news).values(values).returning();
  return row!;
}

export async function updateNews(tx: Tx, id: string, values: Partial<NewsInsert>) {
  return updateStamped(tx, news, id, values);
}

/**
 * The covers and bodies of every article (drafts, scheduled and published) that name an uploaded
 * picture: the sweep of unused pictures keeps those.
 */
export async function newsArtReferences(db: Db): Promise<string[]> {
  const uploaded = '%/api/uploads/%';
  const rows = await db
    .select({ cover: news.coverImage, body: news.body })
    .from(news)
    .where(or(like(news.coverImage, uploaded), like(news.body, uploaded)));
  return rows.flatMap((row) => [row.cover, row.body]);
}
