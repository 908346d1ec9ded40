import type { FastifyBaseLogger } from 'fastify';

/**
 * Tells each web process that the news changed (POST /_internal/revalidate with the shared secret),
 * so that its cached pages (home, news list, articles, sitemap) are rebuilt on their next visit.
 * Off when no URL is configured. A web process that does not answer is logged, never fails the edit:
 * its pages still expire on their own schedule.
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
  return async function notifyWeb() {
    if (!secret) return;
    await Promise.all(
      urls.map(async (url) => {
        try {
          const response = await fetch(url, {
            method: 'POST',
            headers: { 'x-revalidate-secret': secret },
            signal: AbortSignal.timeout(3000),
          });
          if (!response.ok) log.warn({ url, status: response.status }, 'web revalidation refused');
        } catch (error) {
          log.warn({ url, err: error }, 'web revalidation failed');
        }
      }),
    );
  };
}
