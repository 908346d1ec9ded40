import { timingSafeEqual } from 'node:crypto';
import { codes, publicContents, revalidateRequestSchema, type PublicContent } from '@carabala/contracts';
import { revalidatePath, revalidateTag } from 'next/cache';
import { serverConfig } from '@/config';
import { revalidation } from '../../../../public-pages.mjs';

const matches = (given: string | null, secret: string) =>
  given !== null &&
  Buffer.byteLength(given) === Buffer.byteLength(secret) &&
  timingSafeEqual(Buffer.from(given), Buffer.from(secret));

/** The content a call names (revalidateRequestSchema), every content without a body, null for anything else. */
function changedContent(body: string): readonly PublicContent[] | null {
  if (!body) return publicContents;
  try {
    const parsed = revalidateRequestSchema.safeParse(JSON.parse(body));
    return parsed.success ? parsed.data.content : null;
  } catch {
    return null;
  }
}

/**
 * POST /_internal/revalidate, called by the API when staff create, edit, publish or unpublish an
 * article, when they publish a pack or a home slide, and by the catalogue's schedule when a pack's
 * window or sale, a slide's window or a scheduled article starts or ends: the reads of the content
 * that changed and every public page showing it (the table in public-pages.mjs; the sitemap reads the
 * same tagged news) are rebuilt on their next visit. Answers 404 when REVALIDATE_SECRET is unset or
 * the x-revalidate-secret header does not match. Not under /api, and blocked from outside by nginx.
 */
export async function POST(request: Request) {
  const secret = serverConfig().REVALIDATE_SECRET;
  if (!secret || !matches(request.headers.get('x-revalidate-secret'), secret)) {
    return new Response(null, { status: 404 });
  }
  const changed = changedContent(await request.text());
  if (!changed) return Response.json({ code: codes.validation }, { status: 400 });
  const { tags, routes } = revalidation(changed);
  for (const tag of tags) revalidateTag(tag, { expire: 0 });
  for (const route of routes) revalidatePath(route, 'page');
  return Response.json({ code: codes.success });
}
