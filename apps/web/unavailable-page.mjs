/**
 * A page whose render failed because the API was away or busy (the page threw the error whose digest
 * is API_UNAVAILABLE_DIGEST, src/lib/server-api.ts) is answered 503 with Retry-After and a short
 * Vietnamese page, instead of Next's 500 (docs/decisions/026). Next answers such a request only when it
 * holds no good copy of the page: with one, it serves that copy and the failed regeneration is dropped.
 * Any other 500 passes through unchanged.
 */
import { holdResponse } from './hold-response.mjs';
import { decode } from './security.mjs';

export const API_UNAVAILABLE_DIGEST = 'carabala-api-unavailable';
/** Seconds a browser or a crawler is asked to wait before trying the page again. */
export const RETRY_AFTER_SECONDS = 5;

/** Headers of the site kept on the 503 (security headers); everything Next set for its 500 is dropped. */
const KEPT = /^(permissions-policy|strict-transport-security|x-content-type-options|referrer-policy|x-frame-options)$/i;

export const UNAVAILABLE_HTML = `<!doctype html>
<html lang="vi">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<meta http-equiv="refresh" content="${RETRY_AFTER_SECONDS * 2}">
<title>Hệ thống đang bận</title>
<style>
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:#fff8ec;color:#1b1140;font-family:system-ui,sans-serif;text-align:center}
main{max-width:28rem;padding:2rem 1.5rem}h1{font-size:1.5rem;margin:0 0 .5rem}p{margin:0 0 1.5rem;opacity:.75}
a{display:inline-block;padding:.75rem 1.5rem;border-radius:999px;background:#1b1140;color:#fff;font-weight:700;text-decoration:none}
</style>
</head>
<body>
<main>
<h1>Hệ thống đang bận, thử lại sau</h1>
<p>Trang sẽ tự tải lại sau ít giây.</p>
<a href="/">Về trang chủ</a>
</main>
</body>
</html>
`;

const isPageRequest = (request) =>
  request.method === 'GET' && !/^\/(api|_next|_internal)(\/|$)/.test(request.url ?? '');

/** Wraps Next's request handler (server.mjs puts it inside the security wrapper). */
export function unavailablePages(handle) {
  return (request, response) => {
    if (!isPageRequest(request)) return handle(request, response);
    let failed = false; // a 500 page, held until its end shows whether the API was away
    const holds = ({ header, status }) => {
      failed ||= status() === 500 && header('content-type').startsWith('text/html');
      return failed;
    };
    holdResponse(response, holds, ({ body, head, header, original, done }) => {
      // Done holding: the wrappers outside see the calls from here on, including the implicit writeHead
      // that Node makes from end() when none was made.
      Object.assign(response, original);
      const text = decode(body, header('content-encoding')).toString('utf8');
      if (!text.includes(API_UNAVAILABLE_DIGEST)) {
        // Explicitly, also when Next relied on implicit headers: the security wrapper holds HTML until then.
        original.writeHead(...(head ?? [response.statusCode]));
        return original.end(body, done);
      }
      for (const name of response.getHeaderNames()) if (!KEPT.test(name)) response.removeHeader(name);
      const page = Buffer.from(UNAVAILABLE_HTML, 'utf8');
      original.writeHead(503, {
        'Content-Type': 'text/html; charset=utf-8',
        'Content-Length': page.length,
        'Cache-Control': 'no-store',
        'Retry-After': String(RETRY_AFTER_SECONDS),
      });
      return original.end(page, done);
    });
    return handle(request, response);
  };
}
