import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
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
};

const countNews = (db: Db, where: SQL | undefined) =>
  db
    .select({ total: sql<number>`count(*)::int` })
    .from(news)
    .where(where);

const publishedFilter = (category?: NewsRow['category']) =>
  and(eq(news.published, true), category ? eq(news.category, category) : undefined);

export async function listPublished(db: Db, query: PageQuery & { category?: NewsRow['category'] }) {
  const where = publishedFilter(query.category);
  return readPage(
    query,
    db
      .select(summaryColumns)
      .from(news)
      .where(where)
      // The id breaks ties so that paging is stable when two articles share a date.
      .orderBy(desc(news.publishedAt), desc(news.id)),
    countNews(db, where),
  );
}

export async function findPublishedBySlug(db: Db, slug: string) {
  return findOne(db, news, and(eq(news.slug, slug), eq(news.published, true)));
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
