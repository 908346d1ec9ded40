import { HOME_NEWS_COUNT, type NewsList } from '@carabala/contracts';
import { dataOf, NEWS_TAG, serverGet } from '@/lib/server-api';

/**
 * The first news items for the home page. An unreachable API fails the render (ApiUnavailableError),
 * so the last good home page stays served instead of one kept with no news.
 */
export async function getLatestNews() {
  const list = dataOf(await serverGet<NewsList>(`/news?page=1&pageSize=${HOME_NEWS_COUNT}&hotFirst=true`, [NEWS_TAG]));
  return list.items.slice(0, HOME_NEWS_COUNT);
}
