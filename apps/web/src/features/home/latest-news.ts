import { HOME_NEWS_COUNT, type NewsList } from '@carabala/contracts';
import { NEWS_TAG, serverGet } from '@/lib/server-api';

/** The first news items for the home page; an unreachable API gives an empty list, not a broken page. */
export async function getLatestNews() {
  const result = await serverGet<NewsList>(`/news?page=1&pageSize=${HOME_NEWS_COUNT}`, [NEWS_TAG]);
  return result.ok ? result.data.items.slice(0, HOME_NEWS_COUNT) : [];
}
