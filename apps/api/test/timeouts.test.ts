import { readFileSync } from 'node:fs';
import { connect, type AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { testConfig, useTestApp } from './helpers';

const ctx = useTestApp({ HTTP_IDLE_TIMEOUT_SECONDS: '1', HTTP_KEEP_ALIVE_TIMEOUT_SECONDS: '1' });
let port = 0;
beforeAll(async () => {
  await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  port = (ctx.app.server.address() as AddressInfo).port;
});

/** Opens a connection, writes `text` (maybe nothing), and answers when the API closed it and what it sent. */
function openAndWait(text: string) {
  const started = Date.now();
  return new Promise<{ seconds: number; received: string }>((resolve) => {
    let received = '';
    const socket = connect(port, '127.0.0.1', () => socket.write(text));
    socket.on('data', (chunk) => (received += String(chunk)));
    socket.on('close', () => resolve({ seconds: (Date.now() - started) / 1000, received }));
  });
}

describe("the API server's timeouts", () => {
  it('closes a connection that never sends a byte after HTTP_IDLE_TIMEOUT_SECONDS', async () => {
    const { seconds, received } = await openAndWait('');
    expect(received).toBe('');
    expect(seconds).toBeGreaterThanOrEqual(0.9);
    expect(seconds).toBeLessThan(2.5);
  });

  it('closes a kept-alive connection after HTTP_KEEP_ALIVE_TIMEOUT_SECONDS without a next request', async () => {
    const { seconds, received } = await openAndWait('GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n');
    expect(received).toMatch(/^HTTP\/1\.1 200/);
    // Node adds up to a second to the keep-alive time before it closes.
    expect(seconds).toBeLessThan(3);
  });

  it('closes before nginx gives up, and keeps a kept-alive connection longer than nginx does (deploy/nginx.conf)', () => {
    const nginx = readFileSync(new URL('../../../deploy/nginx.conf', import.meta.url), 'utf8');
    const seconds = (text: string, directive: string) =>
      [...text.matchAll(new RegExp(`^\\s*${directive}\\s+(\\d+)s;`, 'gm'))].map((match) => Number(match[1]));
    const upstreams = [...nginx.matchAll(/^upstream \w+ \{[^}]*\}/gm)].map((match) => match[0]).join('\n');
    const defaults = testConfig();
    expect(seconds(upstreams, 'keepalive_timeout')).toEqual([3, 3]);
    expect(defaults.HTTP_KEEP_ALIVE_TIMEOUT_SECONDS).toBeGreaterThan(3);
    const readTimeouts = [...seconds(nginx, 'proxy_read_timeout'), ...seconds(nginx, 'client_body_timeout')];
    expect(readTimeouts.length).toBeGreaterThanOrEqual(4);
    expect(defaults.HTTP_REQUEST_TIMEOUT_SECONDS).toBeLessThan(Math.min(...readTimeouts));
    expect(defaults.HTTP_IDLE_TIMEOUT_SECONDS).toBeLessThan(Math.min(...readTimeouts));
    expect(defaults.HTTP_HEADERS_TIMEOUT_SECONDS).toBeLessThan(Math.min(...seconds(nginx, 'client_header_timeout')));
  });
});
