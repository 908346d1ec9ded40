import { NEWS_PAGE_SIZE, newsArticleSchema, newsListSchema, type NewsSummary } from '@carabala/contracts';
import { dataOf, NEWS_TAG, serverGet } from '@/lib/server-api';

/** The public news reads, made by server components and cached under the news tag. */
export const getNewsPage = (page: number, pageSize = NEWS_PAGE_SIZE) =>
  serverGet(`/news?page=${page}&pageSize=${pageSize}`, [NEWS_TAG], newsListSchema);

/** Cached with the other news reads, and dropped with them when staff change an article. */
export const getArticle = (slug: string) =>
  serverGet(`/news/${encodeURIComponent(slug)}`, [NEWS_TAG], newsArticleSchema);

/** Every published article, newest first (the sitemap); an unreachable API throws, so a stale copy is kept. */
export async function publishedArticles(): Promise<NewsSummary[]> {
  const articles: NewsSummary[] = [];
  for (let page = 1; ; page += 1) {
    const list = dataOf(await getNewsPage(page, 50));
    articles.push(...list.items);
    if (page * list.pageSize >= list.total) return articles;
  }
}
