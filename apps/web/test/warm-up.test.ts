import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { WARM_PAGES } from '../public-pages.mjs';
import { warmUp } from '../warm-up.mjs';

type Handle = (request: IncomingMessage, response: ServerResponse) => void;

const servers: ReturnType<typeof createServer>[] = [];
afterEach(() => Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve)))));

/** A stand-in API over real HTTP whose /api/ready answers 503 until `readyAfterMs`, then 200. */
async function standInApi(readyAfterMs: number) {
  const started = Date.now();
  const api = { url: '', readyAt: Infinity, asked: 0 };
  const server = createServer((request, response) => {
    api.asked += 1;
    if (request.url !== '/api/ready') return void response.writeHead(404).end();
    if (Date.now() - started < readyAfterMs) return void response.writeHead(503).end('{"code":"api.unavailable"}');
    api.readyAt = Math.min(api.readyAt, Date.now());
    response.writeHead(200).end('{"code":"api.success"}');
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  api.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/ready`;
  return api;
}

describe('warmUp', () => {
  it('renders every page and the first article until each answers, and names those that never did', async () => {
    const api = await standInApi(0);
    const asked: string[] = [];
    let homeFailures = 2;
    const handler: Handle = (request, response) => {
      asked.push(request.url ?? '');
      if (request.url === '/' && homeFailures-- > 0) return void response.writeHead(503).end();
      if (request.url === '/privacy') return void response.writeHead(500).end();
      const body = request.url === '/news' ? '<a href="/news/bai-dau-tien">Bài đầu</a>' : 'ok';
      response.writeHead(200, { 'content-type': 'text/html' }).end(body);
    };
    const result = await warmUp(handler, { seconds: 3, ready: api.url, pages: ['/', '/news', '/privacy'] });
    expect(asked.filter((url) => url === '/')).toHaveLength(3);
    expect(asked).toContain('/news/bai-dau-tien');
    expect(result.cold).toEqual(['/privacy']);
  });

  it("renders the table's public pages by default, and the first article one of them links to", async () => {
    const api = await standInApi(0);
    const asked: string[] = [];
    const handler: Handle = (request, response) => {
      asked.push(request.url ?? '');
      const body = request.url === '/' ? '<a href="/news?page=2">2</a><a href="/news/bai-dau-tien">Bài đầu</a>' : '';
      response.writeHead(200, { 'content-type': 'text/html' }).end(body);
    };
    const result = await warmUp(handler, { seconds: 3, ready: api.url });
    expect(asked).toEqual([WARM_PAGES[0], '/news/bai-dau-tien', ...WARM_PAGES.slice(1)]);
    expect(asked).toContain('/store?tab=tieu-bieu');
    expect(result.cold).toEqual([]);
  });

  it('renders no page before the API answers ready (a first npm start: the API still migrates and seeds)', async () => {
    const api = await standInApi(1500);
    const rendered: { url: string; at: number }[] = [];
    const handler: Handle = (request, response) => {
      rendered.push({ url: request.url ?? '', at: Date.now() });
      response.writeHead(200, { 'content-type': 'text/html' }).end('ok');
    };
    const result = await warmUp(handler, { seconds: 10, ready: api.url, pages: ['/', '/gift-code'] });
    for (const { at } of rendered) expect(at).toBeGreaterThanOrEqual(api.readyAt);
    expect(rendered.map(({ url }) => url)).toEqual(['/', '/gift-code']);
    expect(api.asked).toBeGreaterThan(1);
    expect(result.cold).toEqual([]);
  });

  it('binds after at most `seconds` without rendering anything when the API never gets ready', async () => {
    const api = await standInApi(60_000);
    const rendered: string[] = [];
    const handler: Handle = (request, response) => {
      rendered.push(request.url ?? '');
      response.writeHead(200).end('ok');
    };
    const result = await warmUp(handler, { seconds: 2, ready: api.url, pages: ['/', '/news'] });
    expect(rendered).toEqual([]);
    expect(result.cold).toEqual(['/', '/news']);
    expect(result.milliseconds).toBeGreaterThanOrEqual(1500);
    expect(result.milliseconds).toBeLessThan(3500);
  });
});
