import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * The headers @fastify/helmet 13 sent with `crossOriginResourcePolicy: same-site`, the same names and
 * values, computed once. A route may still replace one (the stored images send their own CSP).
 */
export const securityHeaders: Readonly<Record<string, string>> = Object.freeze({
  'content-security-policy':
    "default-src 'self';base-uri 'self';font-src 'self' https: data:;form-action 'self';frame-ancestors 'self';" +
    "img-src 'self' data:;object-src 'none';script-src 'self';script-src-attr 'none';" +
    "style-src 'self' https: 'unsafe-inline';upgrade-insecure-requests",
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-site',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
});

const names = Object.keys(securityHeaders);
const values = Object.values(securityHeaders);

/**
 * Sets the security headers on every answer (404s and errors included) in one callback hook: no
 * promise, no per-request policy building.
 */
export const securityHeadersPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', (_request, reply, done) => {
    for (let index = 0; index < names.length; index += 1) reply.header(names[index]!, values[index]);
    done();
  });
});
