import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { shortSharedCaching } from '../shared-caching.mjs';

const servers: ReturnType<typeof createServer>[] = [];
afterEach(() => Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve)))));

/** The Cache-Control a client receives when the wrapped handler sets `value` as Next does. */
async function sent(value: string, name = 'Cache-Control') {
  const server = createServer(
    shortSharedCaching((_request: IncomingMessage, response: ServerResponse) => {
      response.setHeader(name, value);
      response.end('ok');
    }),
  );
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const response = await fetch(`http://127.0.0.1:${port}/`);
  await response.text();
  return response.headers.get('cache-control');
}

describe('the shared-cache lifetime of public pages (docs/decisions/037)', () => {
  it("replaces Next's long s-maxage, with or without stale-while-revalidate, by a short one", async () => {
    const short = 's-maxage=5, stale-while-revalidate=30';
    expect(await sent('s-maxage=300')).toBe(short);
    expect(await sent('s-maxage=31536000')).toBe(short);
    expect(await sent('s-maxage=300, stale-while-revalidate=60')).toBe(short);
    expect(await sent('s-maxage=300', 'cache-control')).toBe(short);
  });

  it('leaves private, uncacheable and static-file answers as they are', async () => {
    const dynamic = 'private, no-cache, no-store, max-age=0, must-revalidate';
    expect(await sent(dynamic)).toBe(dynamic);
    expect(await sent('public, max-age=31536000, immutable')).toBe('public, max-age=31536000, immutable');
    expect(await sent('no-store')).toBe('no-store');
  });
});
