import type { PublicContent } from '@carabala/contracts';
import type { z } from 'zod';
import { serverConfig } from '@/config';

/** The outcome of a server-side API read: the data, a 404, or the API being unreachable. */
export type ServerResult<T> = { ok: true; data: T } | { ok: false; status: number };

/**
 * The digest of a render that failed because the API was away or busy. Next keeps an error's own
 * digest in the page it answers, and server.mjs answers such a page with a 503 and `Retry-After`
 * instead of Next's 500 (docs/decisions/026); the same string as API_UNAVAILABLE_DIGEST in
 * unavailable-page.mjs, which the production fault suite checks end to end.
 */
export const API_UNAVAILABLE_DIGEST = 'carabala-api-unavailable';

/**
 * Thrown by a render whose data could not be read. A page never shows an empty list in place of data
 * it could not read: the render fails, so Next keeps serving the last good copy (ISR keeps the stale
 * page when a regeneration throws) and neither Next nor the page cache keeps the failure.
 */
export class ApiUnavailableError extends Error {
  readonly digest = API_UNAVAILABLE_DIGEST;

  constructor(status: number) {
    super(`the API answered ${status}`);
  }
}

/** The data of a read, or ApiUnavailableError. */
export function dataOf<T>(result: ServerResult<T>): T {
  if (result.ok) return result.data;
  throw new ApiUnavailableError(result.status);
}

/** The cache tag of every news read; POST /_internal/revalidate drops them all when news changed. */
export const NEWS_TAG: PublicContent = 'news';

/** The cache tag of the store's catalogue read (GET /api/store/packs), dropped when the catalogue changed. */
export const CATALOGUE_TAG: PublicContent = 'catalogue';

/** The cache tag of the home page's slides (GET /api/home), dropped when the home page changed. */
export const HOME_TAG: PublicContent = 'home';

/**
 * How long a cached page or API answer lives at most (also `expireTime` in next.config.ts, so that
 * Next sends no stale-while-revalidate a browser would apply). Staff changes refresh them at once.
 */
export const CACHE_BACKSTOP_SECONDS = 300;

/**
 * Reads the API over HTTP from a server component, parsing the data with the contracts schema when
 * one is given. Answers are kept in Next's data cache under `tags`, so a burst of visitors costs the
 * API one call.
 */
export async function serverGet<S extends z.ZodType>(
  path: string,
  tags: PublicContent[],
  schema: S,
): Promise<ServerResult<z.output<S>>>;
export async function serverGet<T>(path: string, tags: PublicContent[]): Promise<ServerResult<T>>;
export async function serverGet(
  path: string,
  tags: PublicContent[],
  schema?: z.ZodType,
): Promise<ServerResult<unknown>> {
  try {
    const response = await fetch(new URL(`/api${path}`, serverConfig().API_URL), {
      next: { revalidate: CACHE_BACKSTOP_SECONDS, tags },
    });
    if (!response.ok) return { ok: false, status: response.status };
    const body = (await response.json()) as { data: unknown };
    return { ok: true, data: schema ? schema.parse(body.data) : body.data };
  } catch {
    return { ok: false, status: 503 };
  }
}
