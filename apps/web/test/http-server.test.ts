import { readFileSync } from 'node:fs';
import { request, type IncomingMessage, type ServerResponse } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createWebServer } from '../http-server.mjs';
import { refuseBadImageAddress } from '../image-guard.mjs';
import { serverSettings } from '../settings.mjs';

type Handle = (request: IncomingMessage, response: ServerResponse) => void;
const servers: ReturnType<typeof createWebServer>[] = [];
afterEach(() =>
  Promise.all(
    servers.splice(0).map((server) => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    }),
  ),
);

async function serve(overrides: Record<string, string>, handle: Handle = (_request, response) => response.end('ok')) {
  const server = createWebServer(handle, serverSettings(overrides));
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

/** Opens a connection, writes `text` (maybe nothing), and answers when the server closed it and what it sent. */
function openAndWait(port: number, text: string) {
  const started = Date.now();
  return new Promise<{ seconds: number; received: string }>((resolve) => {
    let received = '';
    const socket = connect(port, '127.0.0.1', () => socket.write(text));
    socket.on('data', (chunk) => (received += String(chunk)));
    socket.on('close', () => resolve({ seconds: (Date.now() - started) / 1000, received }));
  });
}

describe('the web server’s timeouts', () => {
  it('closes a connection that never sends a byte after HTTP_IDLE_TIMEOUT_SECONDS', async () => {
    const port = await serve({ HTTP_IDLE_TIMEOUT_SECONDS: '1', HTTP_HEADERS_TIMEOUT_SECONDS: '20' });
    const { seconds } = await openAndWait(port, '');
    expect(seconds).toBeGreaterThanOrEqual(0.9);
    expect(seconds).toBeLessThan(2.5);
  });

  it('answers 408 and closes when the headers do not arrive within HTTP_HEADERS_TIMEOUT_SECONDS', async () => {
    const port = await serve({ HTTP_HEADERS_TIMEOUT_SECONDS: '1', HTTP_REQUEST_TIMEOUT_SECONDS: '20' });
    const { seconds, received } = await openAndWait(port, 'GET / HTTP/1.1\r\nHost: x\r\n');
    expect(received).toMatch(/^HTTP\/1\.1 408/);
    expect(seconds).toBeLessThan(3);
  });

  it('answers 408 when a whole request does not arrive within HTTP_REQUEST_TIMEOUT_SECONDS', async () => {
    // The answer waits for the whole body, as Next's does for a form or an upload.
    const port = await serve(
      { HTTP_HEADERS_TIMEOUT_SECONDS: '1', HTTP_REQUEST_TIMEOUT_SECONDS: '2' },
      (request, response) => request.resume().on('end', () => response.end('ok')),
    );
    // The headers in time, then a body that trickles: a byte every half second, never all 100.
    const started = Date.now();
    const result = await new Promise<{ seconds: number; received: string }>((resolve) => {
      let received = '';
      const socket = connect(port, '127.0.0.1', () =>
        socket.write('POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n'),
      );
      const drip = setInterval(() => socket.writable && socket.write('x'), 500);
      socket.on('data', (chunk) => (received += String(chunk)));
      socket.on('close', () => {
        clearInterval(drip);
        resolve({ seconds: (Date.now() - started) / 1000, received });
      });
    });
    expect(result.received).toMatch(/^HTTP\/1\.1 408/);
    expect(result.seconds).toBeLessThan(4);
  }, 10_000);

  it('closes a kept-alive connection after HTTP_KEEP_ALIVE_TIMEOUT_SECONDS without a next request', async () => {
    const port = await serve({ HTTP_KEEP_ALIVE_TIMEOUT_SECONDS: '1' });
    const { seconds, received } = await openAndWait(port, 'GET / HTTP/1.1\r\nHost: x\r\n\r\n');
    expect(received).toMatch(/^HTTP\/1\.1 200/);
    // Node adds up to a second to the keep-alive time before it closes.
    expect(seconds).toBeLessThan(3);
  });

  it('closes before nginx gives up, and keeps a kept-alive connection longer than nginx does (deploy/nginx.conf)', () => {
    const nginx = readFileSync(new URL('../../../deploy/nginx.conf', import.meta.url), 'utf8');
    const value = (directive: string) =>
      [...nginx.matchAll(new RegExp(`^\\s*${directive}\\s+(\\d+)s;`, 'gm'))].map((match) => Number(match[1]));
    const defaults = serverSettings({});
    for (const directive of [
      'keepalive_timeout',
      'client_header_timeout',
      'client_body_timeout',
      'proxy_read_timeout',
    ]) {
      expect(value(directive).length, directive).toBeGreaterThan(0);
    }
    const upstreams = [...nginx.matchAll(/^upstream \w+ \{[^}]*\}/gm)].map((match) => match[0]).join('\n');
    const upstreamKeepAlive = [...upstreams.matchAll(/keepalive_timeout (\d+)s;/g)].map((match) => Number(match[1]));
    expect(upstreamKeepAlive).toHaveLength(2);
    expect(Math.max(...upstreamKeepAlive)).toBeLessThan(defaults.HTTP_KEEP_ALIVE_TIMEOUT_SECONDS);
    expect(defaults.HTTP_HEADERS_TIMEOUT_SECONDS).toBeLessThan(Math.min(...value('client_header_timeout')));
    for (const limit of [defaults.HTTP_REQUEST_TIMEOUT_SECONDS, defaults.HTTP_IDLE_TIMEOUT_SECONDS]) {
      expect(limit).toBeLessThan(Math.min(...value('proxy_read_timeout'), ...value('client_body_timeout')));
    }
  });
});

describe('/_next/image addresses', () => {
  const get = (port: number, path: string) =>
    new Promise<number>((resolve, reject) => {
      request({ host: '127.0.0.1', port, path }, (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      })
        .on('error', reject)
        .end();
    });

  it('refuses with 400 a local address that is not an image file of the site, and passes the others on', async () => {
    const port = await serve({}, (request, response) => {
      if (!refuseBadImageAddress(request, response)) response.writeHead(299).end();
    });
    const image = (url: string) => `/_next/image?url=${encodeURIComponent(url)}&w=640&q=75`;
    for (const url of ['/\\host/x', '/\\\\host/x.png', '/brand/logo.svg/', '/home//x.png', '/store', '/api/health']) {
      expect(await get(port, image(url)), url).toBe(400);
    }
    for (const url of ['/a/../home/x.png', '/./home/x.png', '/home/x.png?a=1', '/%5Chost/x.png', '/x\u0000.png']) {
      expect(await get(port, image(url)), url).toBe(400);
    }
    expect(await get(port, '/_next/image?url=/\\host/x&w=640&q=75')).toBe(400);
    // The site's images, absolute and protocol-relative addresses (Next refuses those itself), other paths.
    for (const url of [
      '/brand/logo.svg',
      '/_next/static/media/logo.3f2a1b.png',
      'https://example.com/x.png',
      '//host/x',
    ]) {
      expect(await get(port, image(url)), url).toBe(299);
    }
    expect(await get(port, '/news?url=/\\host/x')).toBe(299);
  });
});
