/**
 * Next's image optimiser fetches a local `url` by running it through the app itself, and answers 500
 * when that inner answer is a redirect or an error: `/\host/x` (a backslash Next redirects), a
 * trailing slash, `//` inside the path, or a page or `/api` address. Only what the site serves as
 * images may be asked for: a file path (no dot segment, no backslash, no empty segment) with an image
 * extension, outside /api and /_internal. Absolute URLs are left to Next, which refuses them (no
 * remotePatterns). Anything else answers 400 before Next sees it.
 */
const LOCAL_IMAGE = /^\/(?!api\/|_internal\/)(?:[\w-][\w.-]*\/)*[\w-][\w.-]*\.(?:avif|gif|ico|jpe?g|png|svg|webp)$/i;

/** True when the request was an image-optimiser call with a bad local address, now answered 400. */
export function refuseBadImageAddress(request, response) {
  // The request target as Next reads it; one it cannot parse (an absolute form) is Next's to refuse.
  const target = URL.parse(request.url ?? '/', 'http://web.invalid');
  if (target?.pathname !== '/_next/image') return false;
  const addresses = target.searchParams.getAll('url');
  if (addresses.every((url) => !url.startsWith('/') || url.startsWith('//') || LOCAL_IMAGE.test(url))) return false;
  response.writeHead(400, {
    'content-type': 'text/plain; charset=utf-8',
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
  });
  response.end('Địa chỉ ảnh không hợp lệ.');
  return true;
}
