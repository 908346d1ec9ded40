import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { shortSharedCaching } from '../shared-caching.mjs';

const servers: ReturnType<typeof createServer>[] = [];
afterEach(() => Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve)))));

/** The Cache-Control and CDN-Cache-Control a client receives when the wrapped handler sets `value` as Next does. */
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
  return [response.headers.get('cache-control'), response.headers.get('cdn-cache-control')];
}

describe('the shared-cache lifetime of public pages (docs/decisions/037)', () => {
  it("replaces Next's long s-maxage by 5 s, and lets a CDN serve it 30 s stale while it refreshes", async () => {
    const short = ['s-maxage=5', 'max-age=5, stale-while-revalidate=30'];
    expect(await sent('s-maxage=300')).toEqual(short);
    expect(await sent('s-maxage=31536000')).toEqual(short);
    expect(await sent('s-maxage=300, stale-while-revalidate=60')).toEqual(short);
    expect(await sent('s-maxage=300', 'cache-control')).toEqual(short);
  });

  it('leaves private, uncacheable and static-file answers as they are, with nothing for a CDN', async () => {
    const dynamic = 'private, no-cache, no-store, max-age=0, must-revalidate';
    expect(await sent(dynamic)).toEqual([dynamic, null]);
    const immutable = 'public, max-age=31536000, immutable';
    expect(await sent(immutable)).toEqual([immutable, null]);
    expect(await sent('no-store')).toEqual(['no-store', null]);
  });
});
