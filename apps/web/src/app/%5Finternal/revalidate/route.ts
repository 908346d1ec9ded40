import { timingSafeEqual } from 'node:crypto';
import { revalidatePath, revalidateTag } from 'next/cache';
import { serverConfig } from '@/config';
import { CATALOGUE_TAG, HOME_TAG, NEWS_TAG } from '@/lib/server-api';

const matches = (given: string | null, secret: string) =>
  given !== null &&
  Buffer.byteLength(given) === Buffer.byteLength(secret) &&
  timingSafeEqual(Buffer.from(given), Buffer.from(secret));

/**
 * POST /_internal/revalidate, called by the API when staff create, edit, publish or unpublish an
 * article, when they publish a pack or a home slide, and by the catalogue's schedule when a pack's
 * window or sale, a slide's window or a scheduled article starts or ends: the news and catalogue reads and every page showing them (home, the news list and
 * its pages, the articles, the store's tabs; the sitemap reads the same tagged data) are rebuilt on
 * their next visit. Answers 404 when REVALIDATE_SECRET is unset
 * or the x-revalidate-secret header does not match. Not under /api, and blocked from outside by nginx.
 */
export async function POST(request: Request) {
  const secret = serverConfig().REVALIDATE_SECRET;
  if (!secret || !matches(request.headers.get('x-revalidate-secret'), secret)) {
    return new Response(null, { status: 404 });
  }
  revalidateTag(NEWS_TAG, { expire: 0 });
  revalidateTag(CATALOGUE_TAG, { expire: 0 });
  revalidateTag(HOME_TAG, { expire: 0 });
  // Route patterns name the route group the player pages live in.
  revalidatePath('/[locale]/(site)/store/_tab/[tab]', 'page');
  revalidatePath('/[locale]/(site)', 'page');
  revalidatePath('/[locale]/(site)/news', 'page');
  revalidatePath('/[locale]/(site)/news/_page/[page]', 'page');
  revalidatePath('/[locale]/(site)/news/[slug]', 'page');
  return Response.json({ code: 'api.success' });
}
