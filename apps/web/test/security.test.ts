import { createHash } from 'node:crypto';
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { compileTrust, inlineScriptHashes, secureHandler } from '../security.mjs';

type Handle = (request: IncomingMessage, response: ServerResponse) => void;

const servers: ReturnType<typeof createServer>[] = [];
afterEach(() => Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve)))));

/** The wrapper around a stand-in for Next's handler, on a real socket. */
async function serve(handle: Handle, options: { trust?: string; hstsMaxAge?: number } = {}) {
  const server = createServer(
    secureHandler(handle, {
      trust: compileTrust(options.trust ?? ''),
      hstsMaxAge: options.hstsMaxAge ?? 0,
      facebookConfigured: () => false,
    }),
  );
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

function get(port: number, headers: Record<string, string> = {}, localAddress = '127.0.0.1') {
  return new Promise<{ status: number; headers: IncomingMessage['headers']; body: Buffer }>((resolve, reject) => {
    request({ host: '127.0.0.1', port, path: '/', headers, localAddress }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
    })
      .on('error', reject)
      .end();
  });
}

const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
const page =
  '<html><head><script src="/_next/a.js"></script><script>self.__next_f.push([1,"é"])</script></head>' +
  '<body><script id="_R_">window.x = 1</script></body></html>';

describe('secureHandler', () => {
  it('hashes every inline script of an HTML answer, streamed in pieces and gzipped as Next sends it', async () => {
    const port = await serve((_request, response) => {
      response.setHeader('content-type', 'text/html; charset=utf-8');
      response.setHeader('content-encoding', 'gzip');
      const zipped = gzipSync(page);
      response.writeHead(200);
      response.write(zipped.subarray(0, 10));
      response.end(zipped.subarray(10));
    });
    const answer = await get(port);
    const policy = String(answer.headers['content-security-policy']);
    const scripts = policy.split('; ').find((directive) => directive.startsWith('script-src'))!;
    expect(scripts).toBe(`script-src 'self' ${sha('self.__next_f.push([1,"é"])')} ${sha('window.x = 1')}`);
    expect(policy).toContain("object-src 'none'");
    expect(policy).not.toContain('connect.facebook.net');
    expect(answer.headers['permissions-policy']).toContain('camera=()');
    expect(answer.headers['strict-transport-security']).toBeUndefined();
    expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
  });

  it('gives the same HTML the same policy, so a cached page keeps one', async () => {
    expect(inlineScriptHashes(page)).toEqual(inlineScriptHashes(page));
    expect(inlineScriptHashes(page.replace('window.x = 1', 'window.x = 2'))).not.toEqual(inlineScriptHashes(page));
  });

  it('leaves a 304 and non-HTML answers without a policy, and sends HSTS when set', async () => {
    const notModified = await serve((_request, response) => {
      response.setHeader('content-type', 'text/html');
      response.writeHead(304);
      response.end();
    });
    expect((await get(notModified)).headers['content-security-policy']).toBeUndefined();
    const json = await serve(
      (_request, response) => {
        response.setHeader('content-type', 'application/json');
        response.end('{}');
      },
      { hstsMaxAge: 31536000 },
    );
    const answer = await get(json);
    expect(answer.headers['content-security-policy']).toBeUndefined();
    expect(answer.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  it("replaces the client's X-Forwarded-For with the address it saw, and believes only named proxies", async () => {
    let seen: IncomingMessage['headers'] = {};
    const handle: Handle = (incoming, response) => {
      seen = incoming.headers;
      response.end();
    };
    const open = await serve(handle);
    await get(open, { 'x-forwarded-for': '203.0.113.9', 'x-real-ip': '203.0.113.9' }, '127.0.0.33');
    expect(seen['x-forwarded-for']).toBe('127.0.0.33');
    expect(seen['x-real-ip']).toBeUndefined();

    // nginx on 127.0.0.44 is ours: the address it vouches for is the client; one hop further is not believed.
    const behindNginx = await serve(handle, { trust: '127.0.0.44' });
    await get(behindNginx, { 'x-forwarded-for': '198.51.100.1, 203.0.113.9' }, '127.0.0.44');
    expect(seen['x-forwarded-for']).toBe('203.0.113.9');
    await get(behindNginx, { 'x-forwarded-for': '203.0.113.9' }, '127.0.0.45');
    expect(seen['x-forwarded-for']).toBe('127.0.0.45');
  });
});
