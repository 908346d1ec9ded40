/**
 * A microcache in front of the web's request handler (docs/decisions/021): the public pages are
 * already rendered once and kept by Next.js (decision 011), but each answer still goes through
 * Next's router, cache lookup, compression and our CSP hashing (decision 009). For a short time
 * (WEB_PAGE_CACHE_SECONDS) this keeps the finished answer, headers and bytes exactly as they were
 * sent, and sends it again as is.
 *
 * Only GET and HEAD of the public pages (public-pages.mjs, query string included); never /admin, /api,
 * /_internal, the players' own pages, Next's client-navigation (RSC) requests, nor a query string the
 * page does not expect.
 * The key is the address, the raw NEXT_LOCALE cookie (the locale rewrite reads it) and the encoding:
 * "gzip" for every client that accepts gzip (Next is then asked with exactly that header, as nginx asks
 * it, so every such client and nginx share one copy and one stand-in), else the raw Accept-Encoding. Only a 200 whose Cache-Control lets shared caches keep it
 * (not private, no-store or no-cache), without Set-Cookie and varying only on what the key holds is
 * kept. A successful POST /_internal/revalidate expires the cache at once, and an answer whose render
 * began before that is not kept.
 *
 * Stale if error (docs/decisions/026): an expired answer is kept, no longer sent as it is, but sent in
 * place of a 5xx that Next answers for the same key within STALE_SECONDS, so a page whose rebuild failed
 * because the API was away stays as it last was instead of failing.
 */
import { isPublicAddress } from './public-pages.mjs';

/** Request headers that change what Next answers beyond the key: RSC navigation, prefetches, ranges. */
const UNCACHED_HEADER = /^(rsc$|next-|x-nextjs|x-middleware|x-prerender|range$|if-range$)/;
/** Response Vary entries the key or the refused headers already cover. */
const COVERED_VARY = /^(rsc|next-[a-z-]+|accept-encoding)$/;
const REVALIDATE = '/_internal/revalidate';
const MAX_BYTES = 32 * 1024 * 1024;
/** How long an answer may stand in for a failed render. */
const STALE_SECONDS = 3600;

/** The raw value of the first NEXT_LOCALE cookie, split as Next's cookie parser splits it. */
function localeCookie(header) {
  if (!header) return '';
  for (const pair of header.split(/; */)) {
    const equals = pair.indexOf('=');
    if (equals > 0 && pair.slice(0, equals).trim() === 'NEXT_LOCALE') return pair.slice(equals + 1).trim();
  }
  return '';
}

/** gzip listed and not refused with q=0: the rule of deploy/nginx.conf's $carabala_page_encoding. */
const acceptsGzip = (header) => /gzip/i.test(header) && !/gzip\s*;\s*q=0(\.0*)?\s*(,|$)/i.test(header);

/** The key of a public page request, null for anything else. Normalises the request's Accept-Encoding. */
function requestKey(request) {
  if (request.method !== 'GET' && request.method !== 'HEAD') return null;
  if (!isPublicAddress(request.url)) return null;
  for (const name of Object.keys(request.headers)) if (UNCACHED_HEADER.test(name)) return null;
  let encoding = request.headers['accept-encoding'] ?? '';
  if (acceptsGzip(encoding)) {
    encoding = 'gzip';
    request.headers['accept-encoding'] = encoding;
  }
  return `${request.url}\n${localeCookie(request.headers.cookie)}\n${encoding}`;
}

/** True when an answer with these headers may be kept and sent to anyone asking with the same key. */
function storable(status, headers) {
  if (status !== 200 || headers['set-cookie'] !== undefined) return false;
  const control = String(headers['cache-control'] ?? '').toLowerCase();
  if (!control || /private|no-store|no-cache/.test(control) || !/(s-maxage|max-age)=[1-9]/.test(control)) return false;
  const vary = String(headers.vary ?? '')
    .toLowerCase()
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  return vary.every((entry) => COVERED_VARY.test(entry));
}

const matchesEtag = (header, etag) =>
  etag !== undefined &&
  header !== undefined &&
  header.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed.replace(/^W\//, '') === etag.replace(/^W\//, '');
  });

/** Headers a 304 repeats (RFC 9110 15.4.5). */
const NOT_MODIFIED_HEADERS = ['cache-control', 'content-location', 'etag', 'expires', 'vary'];

function send(request, response, entry) {
  if (matchesEtag(request.headers['if-none-match'], entry.etag)) {
    const headers = Object.fromEntries(
      Object.entries(entry.headers).filter(([name]) => NOT_MODIFIED_HEADERS.includes(name.toLowerCase())),
    );
    response.writeHead(304, headers).end();
    return;
  }
  response.writeHead(200, entry.headers);
  response.end(request.method === 'HEAD' ? undefined : entry.body);
}

/**
 * Wraps a request handler (server.mjs: the security wrapper around Next's) with the microcache.
 * `seconds` is how long an answer is kept; `now` is for tests.
 */
export function pageCache(handle, { seconds, maxBytes = MAX_BYTES, staleSeconds = STALE_SECONDS, now = Date.now }) {
  const entries = new Map();
  let bytes = 0;
  let generation = 0;

  const forget = (key) => {
    const entry = entries.get(key);
    if (!entry) return;
    bytes -= entry.body.length;
    entries.delete(key);
  };
  /** Every answer expires now; each stays as the stand-in for a failed render of its page. */
  const clear = () => {
    const at = now();
    for (const entry of entries.values()) entry.expires = Math.min(entry.expires, at);
    generation += 1;
  };
  const store = (key, entry) => {
    forget(key);
    if (entry.body.length > maxBytes) return;
    // Oldest first (insertion order) until the new answer fits.
    for (const oldest of entries.keys()) {
      if (bytes + entry.body.length <= maxBytes) break;
      forget(oldest);
    }
    entries.set(key, entry);
    bytes += entry.body.length;
  };

  /**
   * Records what the handler sends, and keeps it if it may be kept and nothing was revalidated meanwhile.
   * A 5xx is replaced by `stale`, the last answer kept for the key, when there is one.
   */
  const capture = (key, response, stale) => {
    const started = generation;
    const writeHead = response.writeHead.bind(response);
    const write = response.write.bind(response);
    const end = response.end.bind(response);
    const chunks = [];
    let status = 0;
    let headers = null;
    let replaced = false;
    const toBuffer = (chunk, encoding) =>
      Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk, typeof encoding === 'string' ? encoding : 'utf8');
    const swallow = (...args) => {
      const callback = args.find((value) => typeof value === 'function');
      if (callback) callback();
      return true;
    };

    response.writeHead = (code, ...rest) => {
      if (code >= 500 && stale) {
        replaced = true;
        for (const name of response.getHeaderNames()) response.removeHeader(name);
        writeHead(200, stale.headers);
        end(stale.body);
        return response;
      }
      const given = rest.find((value) => typeof value === 'object' && value !== null);
      // Raw header arrays are not interpreted here: such an answer is simply not kept.
      status = Array.isArray(given) ? 0 : code;
      const result = writeHead(code, ...rest);
      // Kept with the names spelled as Next spelled them; the checks read them in lower case.
      headers = Object.fromEntries(response.getRawHeaderNames().map((name) => [name, response.getHeader(name)]));
      for (const [name, value] of Object.entries(Array.isArray(given) ? {} : (given ?? {}))) headers[name] = value;
      return result;
    };
    // A failure sent without an explicit writeHead (implicit headers) is replaced before its first byte.
    const failedImplicitly = () => stale && !replaced && headers === null && response.statusCode >= 500;
    response.write = (chunk, encoding, callback) => {
      if (failedImplicitly()) response.writeHead(response.statusCode);
      if (replaced) return swallow(chunk, encoding, callback);
      if (chunk != null && typeof chunk !== 'function') chunks.push(toBuffer(chunk, encoding));
      return write(chunk, encoding, callback);
    };
    response.end = (chunk, encoding, callback) => {
      if (failedImplicitly()) response.writeHead(response.statusCode);
      if (replaced) return swallow(chunk, encoding, callback);
      if (chunk != null && typeof chunk !== 'function') chunks.push(toBuffer(chunk, encoding));
      const result = end(chunk, encoding, callback);
      const lower =
        headers && Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
      if (lower && started === generation && storable(status, lower)) {
        store(key, { headers, etag: lower.etag, body: Buffer.concat(chunks), expires: now() + seconds * 1000 });
      }
      return result;
    };
  };

  const cached = (request, response) => {
    if (request.method === 'POST' && request.url === REVALIDATE) {
      // The secret was right (Next answered 200): whatever was rendered before expires at once.
      response.once('finish', () => {
        if (response.statusCode === 200) clear();
      });
      return handle(request, response);
    }
    const key = requestKey(request);
    if (key === null) return handle(request, response);
    const entry = entries.get(key);
    if (entry && entry.expires > now()) return send(request, response, entry);
    const stale = entry && entry.expires + staleSeconds * 1000 > now() ? entry : undefined;
    if (entry && !stale) forget(key);
    if (request.method === 'GET') capture(key, response, stale);
    return handle(request, response);
  };
  return Object.assign(cached, { clear, size: () => entries.size });
}
