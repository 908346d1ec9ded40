import { createHash } from 'node:crypto';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import proxyaddr from '@fastify/proxy-addr';
import { holdResponse } from './hold-response.mjs';

/** A function telling whether an address is one of our proxies. */
export function compileTrust(setting) {
  const list = setting
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  return list.length ? proxyaddr.compile(list) : () => false;
}

/**
 * Replaces whatever X-Forwarded-For the client sent with the one address the web believes: the
 * socket's, or, behind a trusted proxy, the nearest address that proxy vouches for. The API then
 * limits by that address (it trusts the web on loopback or by its own TRUST_PROXY).
 */
export function forwardClientAddress(request, trust) {
  const address = proxyaddr(request, trust);
  request.headers['x-forwarded-for'] = address;
  delete request.headers['x-real-ip'];
  delete request.headers.forwarded;
}

const INLINE_SCRIPT = /<script\b(?![^>]*\ssrc\s*=)[^>]*>([\s\S]*?)<\/script>/gi;

/** The sha256 sources of every inline script of a page, in the form a CSP takes. */
export function inlineScriptHashes(html) {
  const hashes = new Set();
  for (const match of html.matchAll(INLINE_SCRIPT)) {
    hashes.add(`'sha256-${createHash('sha256').update(match[1], 'utf8').digest('base64')}'`);
  }
  return [...hashes];
}

const FACEBOOK = {
  script: ['https://connect.facebook.net'],
  frame: ['https://www.facebook.com', 'https://web.facebook.com'],
  connect: ['https://graph.facebook.com', 'https://www.facebook.com'],
};

/**
 * The page's Content-Security-Policy: scripts only from this origin and the exact inline scripts of
 * this HTML (hashes, so a static or regenerated page keeps one policy per body and stays cacheable),
 * Facebook's SDK origins only when Facebook sign-in is configured. Google sign-in is a top-level
 * redirect and needs no origin here.
 */
export function contentSecurityPolicy(hashes, { facebook }) {
  const directives = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...hashes, ...(facebook ? FACEBOOK.script : [])],
    // React writes style attributes; styles cannot run code.
    'style-src': ["'self'", "'unsafe-inline'"],
    // Avatars from Google and Facebook and images in articles come from other https origins.
    'img-src': ["'self'", 'data:', 'blob:', 'https:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...(facebook ? FACEBOOK.connect : [])],
    'frame-src': facebook ? FACEBOOK.frame : ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}

export const PERMISSIONS_POLICY =
  'camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), bluetooth=(), ' +
  'magnetometer=(), gyroscope=(), accelerometer=(), interest-cohort=()';

/** A body as sent with this Content-Encoding, decompressed. */
export function decode(body, encoding) {
  switch (encoding) {
    case 'gzip':
      return gunzipSync(body);
    case 'br':
      return brotliDecompressSync(body);
    case 'deflate':
      return inflateSync(body);
    default:
      return body;
  }
}

/**
 * Wraps Next's request handler: the real client address for /api/* forwarding, the security headers
 * on every answer, and on HTML answers a CSP holding the hashes of that HTML's inline scripts. An
 * HTML body is held until it is complete (the header must precede it); other bodies pass through.
 */
export function secureHandler(handle, { trust, hstsMaxAge, facebookConfigured, csp = true }) {
  return (request, response) => {
    forwardClientAddress(request, trust);
    response.setHeader('Permissions-Policy', PERMISSIONS_POLICY);
    if (hstsMaxAge > 0) response.setHeader('Strict-Transport-Security', `max-age=${hstsMaxAge}; includeSubDomains`);
    if (!csp) return handle(request, response);

    let html = null;
    // A 304 carries no body, and its headers would replace the cached page's policy: left alone.
    const holds = ({ header, status }) => {
      if (html === null)
        html = status() !== 304 && request.method !== 'HEAD' && header('content-type').startsWith('text/html');
      return html;
    };
    holdResponse(response, holds, ({ body, head, header, original, done }) => {
      const text = decode(body, header('content-encoding')).toString('utf8');
      response.setHeader(
        'Content-Security-Policy',
        contentSecurityPolicy(inlineScriptHashes(text), { facebook: facebookConfigured() }),
      );
      if (!header('content-length')) response.setHeader('Content-Length', body.length);
      if (head) original.writeHead(...head);
      return original.end(body, done);
    });
    return handle(request, response);
  };
}
