import { NEWS_PAGE_SIZE, type NewsArticle, type NewsList } from '@carabala/contracts';
import { serverGet } from '@/lib/server-api';

export const getNewsPage = (page: number) => serverGet<NewsList>(`/news?page=${page}&pageSize=${NEWS_PAGE_SIZE}`);

/**
 * Read fresh on every view (one indexed row): Next's data cache keeps a cached 200 when the refetch
 * answers 404, so a cached article would outlive its unpublishing.
 */
export const getArticle = (slug: string) => serverGet<NewsArticle>(`/news/${encodeURIComponent(slug)}`, 0);

/** `?page=` as a whole number of at least 1; anything else is the first page. */
export function parsePage(value: string | string[] | undefined): number {
  const page = Number(Array.isArray(value) ? value[0] : value);
  return Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1;
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
