import type { FastifyInstance, FastifyReply, onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { hookList } from '../lib/hooks';

/**
 * What a browser applies to every answer of the API, JSON or not (answers, refusals, 404s): never sniff
 * a type (a JSON body is never run as HTML or script), never read cross-site without CORS (no-cors
 * embedding, Spectre), nothing loads or runs and nothing frames it if one is opened as a page, and HTTPS
 * only. The REST set of OWASP's cheat sheet, with CORP added; ADR 019 says why the rest of helmet's
 * headers are for pages only.
 */
export const apiSecurityHeaders: Readonly<Record<string, string>> = Object.freeze({
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-site',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
});

/**
 * The API's own pages (the OpenAPI UI under /api/docs) add the headers @fastify/helmet 13 sent for a
 * document, with its policy; the UI replaces the policy with its own (`staticCSP`).
 */
export const documentSecurityHeaders: Readonly<Record<string, string>> = Object.freeze({
  'content-security-policy':
    "default-src 'self';base-uri 'self';font-src 'self' https: data:;form-action 'self';frame-ancestors 'self';" +
    "img-src 'self' data:;object-src 'none';script-src 'self';script-src-attr 'none';" +
    "style-src 'self' https: 'unsafe-inline';upgrade-insecure-requests",
  'cross-origin-opener-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
});

const DOCUMENT_PREFIX = '/api/docs';

/** Sets a fixed set of headers: the names and values read once, no object walk per request. */
const writer = (headers: Readonly<Record<string, string>>) => {
  const names = Object.keys(headers);
  const values = Object.values(headers);
  return (reply: FastifyReply) => {
    for (let index = 0; index < names.length; index += 1) reply.header(names[index]!, values[index]);
  };
};

/**
 * The headers every answer starts with, in one callback hook when the request arrives (so 404s and
 * errors carry them too): the request id (see request-id.ts), then the security headers. A route may
 * still replace one (stored images send their own policy). Routes under /api/docs add the document set.
 */
export const securityHeadersPlugin = fp(async (app: FastifyInstance) => {
  const api = writer(apiSecurityHeaders);
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    api(reply);
    done();
  });
  const document = writer(documentSecurityHeaders);
  const documentHook: onRequestHookHandler = (_request, reply, done) => {
    document(reply);
    done();
  };
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith(DOCUMENT_PREFIX)) route.onRequest = [...hookList(route.onRequest), documentHook];
  });
});
