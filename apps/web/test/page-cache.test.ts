import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { pageCache } from '../page-cache.mjs';
import { compileTrust, secureHandler } from '../security.mjs';

type Handle = (request: IncomingMessage, response: ServerResponse) => void;
type Answer = { status: number; headers: IncomingMessage['headers']; rawNames: string[]; body: Buffer };

const servers: ReturnType<typeof createServer>[] = [];
afterEach(() => Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve)))));

const page = (text: string) => `<html><body><script>self.__next_f.push([1,"${text}"])</script>${text}</body></html>`;

/**
 * The cache in front of the security wrapper in front of a stand-in for Next's handler, on a real
 * socket, as server.mjs builds it. `next` answers like a prerendered page unless told otherwise.
 */
async function serve(next: Handle, clock = { now: 0 }) {
  let renders = 0;
  const secured = secureHandler(
    (request, response) => {
      renders += 1;
      next(request, response);
    },
    { trust: compileTrust(''), hstsMaxAge: 0, facebookConfigured: () => false },
  );
  const server = createServer(pageCache(secured, { seconds: 1, now: () => clock.now }));
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const call = (path: string, options: { method?: string; headers?: Record<string, string> } = {}) =>
    new Promise<Answer>((resolve, reject) => {
      request(
        { host: '127.0.0.1', port, path, method: options.method ?? 'GET', headers: options.headers },
        (answer) => {
          const chunks: Buffer[] = [];
          answer.on('data', (chunk: Buffer) => chunks.push(chunk));
          answer.on('end', () =>
            resolve({
              status: answer.statusCode ?? 0,
              headers: answer.headers,
              rawNames: answer.rawHeaders.filter((_, index) => index % 2 === 0),
              body: Buffer.concat(chunks),
            }),
          );
        },
      )
        .on('error', reject)
        .end();
    });
  return { call, renders: () => renders, clock };
}

/** What Next sends for a prerendered page: a new body on each render, so a cached answer is recognisable. */
const prerendered =
  (headers: Record<string, string> = {}, status = 200): Handle =>
  (request, response) => {
    const locale = /NEXT_LOCALE=en/.test(request.headers.cookie ?? '') ? 'en' : 'vi';
    response.setHeader('Cache-Control', 's-maxage=300');
    response.setHeader('Vary', 'rsc, next-router-state-tree, next-router-prefetch, Accept-Encoding');
    response.setHeader('ETag', '"page-1"');
    response.setHeader('Content-Type', 'text/html; charset=utf-8');
    for (const [name, value] of Object.entries(headers)) response.setHeader(name, value);
    response.writeHead(status);
    response.end(page(`${locale} ${request.url} ${Math.random()}`));
  };

describe('pageCache', () => {
  it('sends a public page again as it was sent, headers (with their spelling and policy) and bytes', async () => {
    const site = await serve(prerendered());
    const first = await site.call('/news');
    const again = await site.call('/news');
    expect(site.renders()).toBe(1);
    expect(again.status).toBe(200);
    expect(again.body.equals(first.body)).toBe(true);
    const { date: _firstDate, ...firstHeaders } = first.headers;
    const { date: _againDate, ...againHeaders } = again.headers;
    expect(againHeaders).toEqual(firstHeaders);
    expect(again.rawNames).toEqual(expect.arrayContaining(['Cache-Control', 'ETag', 'Content-Security-Policy']));
    expect(again.headers['content-security-policy']).toContain("'sha256-");
  });

  it('keeps each page, query the page expects, locale cookie and encoding apart', async () => {
    const site = await serve(prerendered());
    const english = { cookie: 'theme=dark; NEXT_LOCALE=en' };
    const asked = [
      ['/', {}],
      ['/', english],
      ['/', { 'accept-encoding': 'gzip' }],
      ['/news', {}],
      ['/news?page=2', {}],
      ['/news/le-hoi-mua-he', {}],
      ['/store?tab=tieu-bieu', {}],
      ['/gift-code', {}],
    ] as const;
    const bodies = [];
    for (const [path, headers] of asked) bodies.push((await site.call(path, { headers })).body.toString());
    for (const [path, headers] of asked) await site.call(path, { headers });
    expect(site.renders()).toBe(asked.length);
    expect(new Set(bodies).size).toBe(asked.length);
    expect(bodies[1]).toContain('en / ');
    expect((await site.call('/', { headers: english })).body.toString()).toBe(bodies[1]);
  });

  it('shares one copy among every client that accepts gzip, and asks Next with exactly gzip, as nginx does', async () => {
    const seen: (string | undefined)[] = [];
    const next = prerendered();
    const site = await serve((request, response) => {
      seen.push(request.headers['accept-encoding']);
      next(request, response);
    });
    const first = (await site.call('/news', { headers: { 'accept-encoding': 'gzip, deflate' } })).body.toString();
    for (const encoding of ['gzip', 'br, GZIP;q=0.5, zstd', 'gzip, deflate, br, zstd']) {
      expect((await site.call('/news', { headers: { 'accept-encoding': encoding } })).body.toString()).toBe(first);
    }
    expect(site.renders()).toBe(1);
    expect(seen).toEqual(['gzip']);
    // gzip refused (q=0) or not listed: the raw header is the key and Next reads it as sent.
    await site.call('/news', { headers: { 'accept-encoding': 'gzip;q=0, deflate' } });
    await site.call('/news', { headers: { 'accept-encoding': 'deflate' } });
    expect(site.renders()).toBe(3);
    expect(seen.slice(1)).toEqual(['gzip;q=0, deflate', 'deflate']);
  });

  it('keys on nothing else: other cookies, their order and other headers share the kept page', async () => {
    const site = await serve(prerendered());
    const first = (await site.call('/news', { headers: { cookie: 'NEXT_LOCALE=en; theme=dark' } })).body.toString();
    const same: Record<string, string>[] = [
      { cookie: 'theme=light;NEXT_LOCALE=en' },
      { cookie: 'a=1; NEXT_LOCALE=en; NEXT_LOCALE=vi' },
      { cookie: 'NEXT_LOCALE=en', 'user-agent': 'another browser', 'accept-language': 'vi' },
    ];
    for (const headers of same) expect((await site.call('/news', { headers })).body.toString()).toBe(first);
    expect(site.renders()).toBe(1);
    // Only the first NEXT_LOCALE counts, as Next reads it; no cookie and a locale cookie set to 'vi' are two keys.
    await site.call('/news', { headers: { cookie: 'NEXT_LOCALE=vi; NEXT_LOCALE=en' } });
    await site.call('/news');
    expect(site.renders()).toBe(3);
  });

  it('keys on the address as asked: its letter case and the exact query', async () => {
    const site = await serve(prerendered());
    for (const path of ['/news/le-hoi', '/news/LE-HOI', '/store?tab=tieu-bieu', '/store?tab=flash-sale']) {
      await site.call(path);
      await site.call(path);
    }
    expect(site.renders()).toBe(4);
    // A query the page does not expect in that shape is not kept: too many digits, capitals in a tab.
    for (const path of ['/news?page=12345', '/store?tab=Tieu-Bieu', '/gift-code?']) {
      const before = site.renders();
      await site.call(path);
      await site.call(path);
      expect(site.renders() - before, path).toBe(2);
    }
  });

  it('never keeps other addresses, other methods, unexpected queries, navigations or personal answers', async () => {
    const twice = async (
      next: Handle,
      path: string,
      options: { method?: string; headers?: Record<string, string> } = {},
    ) => {
      const site = await serve(next);
      await site.call(path, options);
      await site.call(path, options);
      return site.renders();
    };
    for (const path of ['/admin', '/api/news', '/supports/my-tickets', '/store/history', '/_internal/revalidate']) {
      expect(await twice(prerendered(), path), path).toBe(2);
    }
    for (const path of ['/?utm=x', '/news?page=2&x=1', '/gift-code?code=ABC', '/store?tab=a&tab=b']) {
      expect(await twice(prerendered(), path), path).toBe(2);
    }
    expect(await twice(prerendered(), '/', { method: 'POST' })).toBe(2);
    expect(await twice(prerendered(), '/', { headers: { rsc: '1' } })).toBe(2);
    expect(await twice(prerendered(), '/', { headers: { 'next-router-prefetch': '1' } })).toBe(2);
    expect(await twice(prerendered(), '/', { headers: { range: 'bytes=0-10' } })).toBe(2);
    expect(await twice(prerendered({ 'Cache-Control': 'private, no-cache, no-store, max-age=0' }), '/')).toBe(2);
    expect(await twice(prerendered({ 'Set-Cookie': 'a=1' }), '/')).toBe(2);
    expect(await twice(prerendered({ Vary: 'Cookie' }), '/')).toBe(2);
    expect(await twice(prerendered({}, 404), '/news/no-such-article')).toBe(2);
    expect(
      await twice((_request, response) => {
        response.writeHead(200, { 'Cache-Control': 's-maxage=300' }).end('headers given to writeHead');
      }, '/privacy'),
    ).toBe(1);
  });

  it('answers HEAD and a matching If-None-Match from the kept page', async () => {
    const site = await serve(prerendered());
    const first = await site.call('/supports');
    const head = await site.call('/supports', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.headers['content-length']).toBe(String(first.body.length));
    expect(head.headers['content-security-policy']).toBe(first.headers['content-security-policy']);
    const notModified = await site.call('/supports', { headers: { 'if-none-match': '"other", "page-1"' } });
    expect(notModified.status).toBe(304);
    expect(notModified.body.length).toBe(0);
    expect(notModified.headers.etag).toBe('"page-1"');
    expect(notModified.headers['content-security-policy']).toBeUndefined();
    expect(site.renders()).toBe(1);
  });

  it('keeps a gzipped answer as gzipped bytes', async () => {
    const site = await serve((_request, response) => {
      response.setHeader('Cache-Control', 's-maxage=300');
      response.setHeader('Content-Type', 'text/html; charset=utf-8');
      response.setHeader('Content-Encoding', 'gzip');
      const zipped = gzipSync(page(String(Math.random())));
      response.writeHead(200);
      response.write(zipped.subarray(0, 10));
      response.end(zipped.subarray(10));
    });
    const first = await site.call('/', { headers: { 'accept-encoding': 'gzip' } });
    const again = await site.call('/', { headers: { 'accept-encoding': 'gzip' } });
    expect(site.renders()).toBe(1);
    expect(again.headers['content-encoding']).toBe('gzip');
    expect(again.body.equals(first.body)).toBe(true);
  });

  it('renders again once the time is up', async () => {
    const site = await serve(prerendered());
    await site.call('/privacy');
    site.clock.now = 999;
    await site.call('/privacy');
    expect(site.renders()).toBe(1);
    site.clock.now = 1000;
    await site.call('/privacy');
    expect(site.renders()).toBe(2);
  });

  it('is expired by a successful revalidation, not by a refused one, and drops a render that raced it', async () => {
    let secretOk = false;
    let hold: (() => void) | undefined;
    const site = await serve((request, response) => {
      if (request.url === '/_internal/revalidate') {
        response.writeHead(secretOk ? 200 : 404).end();
        return;
      }
      if (request.url === '/news' && hold === undefined && secretOk) {
        // A render that finishes only after the revalidation below.
        hold = () => prerendered()(request, response);
        return;
      }
      prerendered()(request, response);
    });
    const before = (await site.call('/')).body.toString();
    await site.call('/_internal/revalidate', { method: 'POST' });
    expect((await site.call('/')).body.toString()).toBe(before);

    secretOk = true;
    const racing = site.call('/news');
    await new Promise((resolve) => setTimeout(resolve, 50));
    await site.call('/_internal/revalidate', { method: 'POST' });
    expect((await site.call('/')).body.toString()).not.toBe(before);
    hold!();
    await racing;
    const renders = site.renders();
    await site.call('/news');
    expect(site.renders()).toBe(renders + 1);
  });

  it('sends the last good answer in place of a failed render, for an hour after it expired', async () => {
    let failing = false;
    const failure: Handle = (_request, response) => {
      response.writeHead(503, { 'Content-Type': 'text/html; charset=utf-8', 'Retry-After': '5' }).end('<p>busy</p>');
    };
    const clock = { now: 0 };
    const site = await serve((request, response) => (failing ? failure : prerendered())(request, response), clock);
    const good = await site.call('/news');
    failing = true;
    clock.now = 2000; // expired: Next is asked, and its failure is replaced
    const stale = await site.call('/news');
    expect([stale.status, stale.body.toString(), stale.headers['retry-after']]).toEqual([
      200,
      good.body.toString(),
      undefined,
    ]);
    expect(site.renders()).toBe(2);
    expect((await site.call('/gift-code')).status).toBe(503); // nothing kept for it: the failure is sent
    clock.now = 2000 + 3600 * 1000;
    expect((await site.call('/news')).status).toBe(503);
    failing = false;
    expect((await site.call('/news')).status).toBe(200);
  });
});
