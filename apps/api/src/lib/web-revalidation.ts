import type { PublicContent, RevalidateRequest } from '@carabala/contracts';

/**
 * How long after a change the web is told once more. A page whose render began just before the first
 * call can be stored after it with the old news; the second call drops that copy too, so a change is
 * on every page within this delay plus one render (docs/decisions/021).
 */
export const REPEAT_AFTER_MS = 2000;

/** Where a failed call is told: Fastify's logger or the worker's pino. */
interface WarnLog {
  warn(object: object, message: string): void;
}

/**
 * Tells each web process that public content changed (POST /_internal/revalidate with the shared
 * secret): the news, or the store's catalogue (a publication, or a window or sale starting or
 * ending), so that its cached pages (home, news, store, sitemap) are rebuilt on their next visit: at
 * once, awaited, and again REPEAT_AFTER_MS later in the background. Off when no URL is configured. A
 * web process that does not answer is logged, never fails the edit: its pages still expire on their
 * own schedule.
 */
export function webRevalidation({ urls, secret, log }: { urls: string[]; secret: string | undefined; log: WarnLog }) {
  const tellEveryWeb = (secretValue: string, content: readonly PublicContent[] | undefined) =>
    Promise.all(
      urls.map(async (url) => {
        try {
          const response = await fetch(url, {
            method: 'POST',
            headers: {
              'x-revalidate-secret': secretValue,
              ...(content ? { 'content-type': 'application/json' } : {}),
            },
            body: content ? JSON.stringify({ content: [...content] } satisfies RevalidateRequest) : undefined,
            signal: AbortSignal.timeout(3000),
          });
          if (response.ok) return true;
          log.warn({ url, status: response.status }, 'web revalidation refused');
        } catch (error) {
          log.warn({ url, err: error }, 'web revalidation failed');
        }
        return false;
      }),
    );
  /**
   * Tells of a change of `content` (every content when not given: a boundary of the schedule). True when
   * every web process took the first call (or none is configured).
   */
  return async function notifyWeb(content?: readonly PublicContent[]): Promise<boolean> {
    if (!secret || urls.length === 0) return true;
    const answered = await tellEveryWeb(secret, content);
    setTimeout(() => void tellEveryWeb(secret, content), REPEAT_AFTER_MS).unref();
    return answered.every(Boolean);
  };
}
