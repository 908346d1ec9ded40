import { NEWS_PAGE_SIZE, type NewsArticle, type NewsList, type NewsSummary } from '@carabala/contracts';
import { NEWS_TAG, serverGet } from '@/lib/server-api';

export const getNewsPage = (page: number) =>
  serverGet<NewsList>(`/news?page=${page}&pageSize=${NEWS_PAGE_SIZE}`, [NEWS_TAG]);

/** Cached with the other news reads, and dropped with them when staff change an article. */
export const getArticle = (slug: string) => serverGet<NewsArticle>(`/news/${encodeURIComponent(slug)}`, [NEWS_TAG]);

/** Every published article, newest first (the sitemap); an unreachable API throws, so a stale copy is kept. */
export async function publishedArticles(): Promise<NewsSummary[]> {
  const articles: NewsSummary[] = [];
  for (let page = 1; ; page += 1) {
    const result = await serverGet<NewsList>(`/news?page=${page}&pageSize=50`, [NEWS_TAG]);
    if (!result.ok) throw new Error(`news API answered ${result.status}`);
    articles.push(...result.data.items);
    if (page * result.data.pageSize >= result.data.total) return articles;
  }
}
