/**
 * What a shared cache in front (a CDN, docs/decisions/037) may do with a public page. Next sends
 * `s-maxage=<revalidate>` (300 s for the pages, a year for the static ones): a CDN following it would
 * keep an unpublished article for minutes, because revalidation reaches only the web processes.
 * Every such header is replaced by a short one: a shared cache keeps the page SHARED_SECONDS and may
 * send it SWR_SECONDS longer while it asks again, so a change reaches every visitor within about
 * SHARED_SECONDS plus one request, without any purge call. Browsers are given no max-age.
 * Private or uncacheable answers (`private, no-store`, ...) and Next's static files are left alone.
 */
export const SHARED_SECONDS = 5;
export const SWR_SECONDS = 30;
const SHORT = `s-maxage=${SHARED_SECONDS}, stale-while-revalidate=${SWR_SECONDS}`;
/** Exactly what Next's getCacheControlHeader writes for a cached page or route. */
const NEXT_SHARED = /^s-maxage=\d+(, stale-while-revalidate=\d+)?$/;

/** Wraps a request handler so that Next's long shared-cache lifetimes become SHORT. */
export function shortSharedCaching(handle) {
  return (request, response) => {
    const setHeader = response.setHeader.bind(response);
    response.setHeader = (name, value) =>
      setHeader(
        name,
        name.toLowerCase() === 'cache-control' && typeof value === 'string' && NEXT_SHARED.test(value) ? SHORT : value,
      );
    return handle(request, response);
  };
}
