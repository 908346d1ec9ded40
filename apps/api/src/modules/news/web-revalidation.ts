import type { FastifyBaseLogger } from 'fastify';

/**
 * How long after a change the web is told once more. A page whose render began just before the first
 * call can be stored after it with the old news; the second call drops that copy too, so a change is
 * on every page within this delay plus one render (docs/decisions/021).
 */
export const REPEAT_AFTER_MS = 2000;

/**
 * Tells each web process that the news changed (POST /_internal/revalidate with the shared secret),
 * so that its cached pages (home, news list, articles, sitemap) are rebuilt on their next visit: at
 * once, awaited, and again REPEAT_AFTER_MS later in the background. Off when no URL is configured. A
 * web process that does not answer is logged, never fails the edit: its pages still expire on their
 * own schedule.
 */
export function webRevalidation({
  urls,
  secret,
  log,
}: {
  urls: string[];
  secret: string | undefined;
  log: FastifyBaseLogger;
}) {
  const tellEveryWeb = (secretValue: string) =>
    Promise.all(
      urls.map(async (url) => {
        try {
          const response = await fetch(url, {
            method: 'POST',
            headers: { 'x-revalidate-secret': secretValue },
            signal: AbortSignal.timeout(3000),
          });
          if (!response.ok) log.warn({ url, status: response.status }, 'web revalidation refused');
        } catch (error) {
          log.warn({ url, err: error }, 'web revalidation failed');
        }
      }),
    );
  return async function notifyWeb() {
    if (!secret || urls.length === 0) return;
    await tellEveryWeb(secret);
    setTimeout(() => void tellEveryWeb(secret), REPEAT_AFTER_MS).unref();
  };
}
