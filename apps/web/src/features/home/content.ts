import { homeContentSchema, type HomeContent } from '@carabala/contracts';
import { dataOf, HOME_TAG, serverGet } from '@/lib/server-api';

/** Milliseconds per slide: banners 10 s, news slider 5 s, every other carousel 3 s. */
export const BANNER_MS = 10_000;
export const NEWS_SLIDER_MS = 5_000;
export const CAROUSEL_MS = 3_000;

export type Slides = HomeContent['sections'];

/**
 * The home page's slides as staff published them (GET /api/home, tag `home`), in the page's HTML. An
 * unreachable API fails the render (ApiUnavailableError), so the last good home page stays served.
 */
export async function getHomeSlides(): Promise<Slides> {
  return dataOf(await serverGet('/home', [HOME_TAG], homeContentSchema)).sections;
}

/** Uploaded pictures are already WebP at their carousel's size: served as they are. */
export const isUploaded = (src: string) => src.startsWith('/api/uploads/');
