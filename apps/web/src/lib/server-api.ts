import { serverConfig } from '@/config';

/** The outcome of a server-side API read: the data, a 404, or the API being unreachable. */
export type ServerResult<T> = { ok: true; data: T } | { ok: false; status: number };

/**
 * Reads the API over HTTP from a server component. Answers are kept in Next's data cache for
 * `revalidate` seconds, so a burst of visitors costs the API one call.
 */
export async function serverGet<T>(
  path: string,
  revalidate = serverConfig().API_CACHE_SECONDS,
): Promise<ServerResult<T>> {
  try {
    const response = await fetch(new URL(`/api${path}`, serverConfig().API_URL), { next: { revalidate } });
    if (!response.ok) return { ok: false, status: response.status };
    const body = (await response.json()) as { data: T };
    return { ok: true, data: body.data };
  } catch {
    return { ok: false, status: 503 };
  }
}
