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

const dateFormat = new Intl.DateTimeFormat('vi-VN', {
  timeZone: 'Asia/Ho_Chi_Minh',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});

/** A publication time as Vietnamese players read it: Asia/Ho_Chi_Minh, e.g. 09:00 01/07/2025. */
export function formatNewsDate(iso: string): string {
  const parts = Object.fromEntries(dateFormat.formatToParts(new Date(iso)).map((part) => [part.type, part.value]));
  return `${parts.hour}:${parts.minute} ${parts.day}/${parts.month}/${parts.year}`;
}
