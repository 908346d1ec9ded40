import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { compileTrust, secureHandler } from '../security.mjs';
import { API_UNAVAILABLE_DIGEST, unavailablePages } from '../unavailable-page.mjs';

type Handle = (request: IncomingMessage, response: ServerResponse) => void;

const servers: ReturnType<typeof createServer>[] = [];
afterEach(() => Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve)))));

/** Next's handler stand-in behind unavailablePages and the security wrapper, as server.mjs builds them. */
async function serve(next: Handle) {
  const handler = secureHandler(unavailablePages(next), {
    trust: compileTrust(''),
    hstsMaxAge: 0,
    facebookConfigured: () => false,
  });
  const server = createServer(handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** A 500 page as Next sends it: gzipped HTML, its error's digest in the payload. */
const failedPage =
  (digest: string): Handle =>
  (_request, response) => {
    response.writeHead(500, {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Encoding': 'gzip',
      'Cache-Control': 'private, no-cache, no-store, max-age=0, must-revalidate',
    });
    response.end(gzipSync(`<html><body><template data-dgst="${digest}"></template></body></html>`));
  };

describe('unavailablePages', () => {
  it('answers a page that failed because the API was away with a Vietnamese 503 and Retry-After', async () => {
    const base = await serve(failedPage(API_UNAVAILABLE_DIGEST));
    const answer = await fetch(`${base}/news/bai-viet`);
    expect(answer.status).toBe(503);
    expect(answer.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(answer.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(await answer.text()).toContain('Hệ thống đang bận, thử lại sau');
  });

  it('leaves any other 500, and every API call, as Next sent it', async () => {
    const base = await serve(failedPage('1234567890'));
    const other = await fetch(`${base}/news/bai-viet`);
    expect([other.status, await other.text()]).toEqual([500, expect.stringContaining('1234567890')]);
    const api = await serve(failedPage(API_UNAVAILABLE_DIGEST));
    expect((await fetch(`${api}/api/news`)).status).toBe(500);
  });
});
