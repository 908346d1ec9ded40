/**
 * What a shared cache in front (a CDN, docs/decisions/037) may do with a public page. Next sends
 * `s-maxage=<revalidate>` (300 s for the pages, a year for the static ones): a CDN following it would
 * keep an unpublished article for minutes, because revalidation reaches only the web processes.
 * Every such header becomes `s-maxage=SHARED_SECONDS`, and a CDN-Cache-Control (RFC 9213, read by CDNs
 * only) adds that a CDN may send the page SWR_SECONDS longer while it asks again: a change reaches every
 * visitor within about SHARED_SECONDS plus one request, without any purge call. Browsers get neither a
 * lifetime nor stale-while-revalidate (Chromium would show a page reopened within SWR_SECONDS as it
 * was, and fetch the new one behind it). Private or uncacheable answers (`private, no-store`, ...) and
 * Next's static files are left alone.
 */
export const SHARED_SECONDS = 5;
export const SWR_SECONDS = 30;
const SHARED = `s-maxage=${SHARED_SECONDS}`;
const CDN = `max-age=${SHARED_SECONDS}, stale-while-revalidate=${SWR_SECONDS}`;
/** Exactly what Next's getCacheControlHeader writes for a cached page or route. */
const NEXT_SHARED = /^s-maxage=\d+(, stale-while-revalidate=\d+)?$/;

/** Wraps a request handler so that Next's long shared-cache lifetimes become short ones. */
export function shortSharedCaching(handle) {
  return (request, response) => {
    const setHeader = response.setHeader.bind(response);
    response.setHeader = (name, value) => {
      if (name.toLowerCase() !== 'cache-control' || typeof value !== 'string' || !NEXT_SHARED.test(value)) {
        return setHeader(name, value);
      }
      setHeader('CDN-Cache-Control', CDN);
      return setHeader(name, SHARED);
    };
    return handle(request, response);
  };
}
