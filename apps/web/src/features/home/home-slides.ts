import { homeContentSchema } from '@carabala/contracts';
import { dataOf, HOME_TAG, serverGet } from '@/lib/server-api';
import type { Slides } from './content';

/**
 * The home page's slides as staff published them (GET /api/home, tag `home`), in the page's HTML. An
 * unreachable API fails the render (ApiUnavailableError), so the last good home page stays served.
 */
export async function getHomeSlides(): Promise<Slides> {
  return dataOf(await serverGet('/home', [HOME_TAG], homeContentSchema)).sections;
}
