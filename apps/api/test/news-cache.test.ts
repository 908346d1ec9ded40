import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { REPEAT_AFTER_MS } from '../src/lib/web-revalidation';
import { bearer, signIn, useTestApp } from './helpers';

/** A stand-in for the web app's POST /_internal/revalidate on 127.0.0.1, recording each call. */
const webCalls: { method?: string; url?: string; headers: IncomingHttpHeaders; at: number }[] = [];
const web = createServer((request, response) => {
  webCalls.push({ method: request.method, url: request.url, headers: request.headers, at: Date.now() });
  response.writeHead(200, { 'content-type': 'application/json' }).end('{"code":"api.success"}');
});
await new Promise<void>((resolve) => web.listen(0, '127.0.0.1', resolve));
const SECRET = 'a-revalidation-secret-of-32-chars!!';

const ctx = useTestApp({
  WEB_REVALIDATE_URLS: `http://127.0.0.1:${(web.address() as AddressInfo).port}/_internal/revalidate`,
  REVALIDATE_SECRET: SECRET,
});
let adminToken: string;

beforeAll(async () => {
  adminToken = await signIn(ctx.app, 'admin1', 'admin123');
});
afterAll(() => new Promise<void>((resolve) => web.close(() => resolve())));

const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers });
const staff = (method: 'POST' | 'PUT', url: string, payload?: object) => {
  const options: InjectOptions = { method, url, headers: bearer(adminToken) };
  if (payload !== undefined) options.payload = payload;
  return ctx.app.inject(options);
};
const slugs = async () =>
  (await get('/api/news?pageSize=50')).json().data.items.map((item: { slug: string }) => item.slug);

describe('cached public news reads', () => {
  it('answer with an ETag and Cache-Control, and 304 to a matching If-None-Match', async () => {
    for (const url of ['/api/news', '/api/news/bao-tri-may-chu-ngay-28-06']) {
      const first = await get(url);
      expect(first.statusCode).toBe(200);
      expect(first.headers['content-type']).toMatch(/^application\/json/);
      expect(first.headers['cache-control']).toBe('public, no-cache');
      const etag = first.headers.etag as string;
      expect(etag).toMatch(/^"[\w-]+"$/);
      expect(first.json().code).toBe('api.success');

      const again = await get(url, { 'if-none-match': etag });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      expect((await get(url, { 'if-none-match': '"something-else"' })).statusCode).toBe(200);
    }
  });

  it('keep the answer shape of the schema (no body in the list)', async () => {
    const item = (await get('/api/news?pageSize=1')).json().data.items[0];
    expect(Object.keys(item).sort()).toEqual([
      'category',
      'coverImage',
      'hot',
      'id',
      'publishedAt',
      'slug',
      'summary',
      'title',
    ]);
  });

  it('are cleared when staff publish, edit or unpublish, and the web is told with the secret each time', async () => {
    const before = (await get('/api/news?pageSize=50')).headers.etag;
    expect(await slugs()).not.toContain('tin-moi-trong-bo-nho');
    expect((await get('/api/news/tin-moi-trong-bo-nho')).statusCode).toBe(404);
    webCalls.length = 0;

    const draft = (
      await staff('POST', '/api/internal/news', {
        slug: 'tin-moi-trong-bo-nho',
        title: 'Tin mới',
        summary: 'Tóm tắt',
        coverImage: '/news/chao-mung-ra-mat-website-moi.jpg',
        body: 'Nội dung.',
        category: 'updates',
      })
    ).json().data;
    await staff('POST', `/api/internal/news/${draft.id}/publish`);
    expect(await slugs()).toContain('tin-moi-trong-bo-nho');
    expect((await get('/api/news?pageSize=50')).headers.etag).not.toBe(before);
    expect((await get('/api/news/tin-moi-trong-bo-nho')).json().data.title).toBe('Tin mới');

    await staff('PUT', `/api/internal/news/${draft.id}`, { title: 'Tin đã sửa' });
    expect((await get('/api/news/tin-moi-trong-bo-nho')).json().data.title).toBe('Tin đã sửa');

    const unpublished = Date.now();
    await staff('POST', `/api/internal/news/${draft.id}/unpublish`);
    expect(await slugs()).not.toContain('tin-moi-trong-bo-nho');
    expect((await get('/api/news/tin-moi-trong-bo-nho')).statusCode).toBe(404);

    // create, publish, edit, unpublish: four calls at once and each repeated REPEAT_AFTER_MS later,
    // eight in all (no more), each a POST carrying the shared secret.
    await vi.waitFor(() => expect(webCalls).toHaveLength(8), { timeout: REPEAT_AFTER_MS + 5000, interval: 100 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(webCalls).toHaveLength(8);
    expect(webCalls.at(-1)!.at - unpublished).toBeGreaterThanOrEqual(REPEAT_AFTER_MS);
    for (const call of webCalls) {
      expect(call).toMatchObject({ method: 'POST', url: '/_internal/revalidate' });
      expect(call.headers['x-revalidate-secret']).toBe(SECRET);
    }
  });

  it('a refused change does not tell the web', async () => {
    webCalls.length = 0;
    const player = await signIn(ctx.app, 'player1', 'player123');
    const refused = await ctx.app.inject({
      method: 'POST',
      url: '/api/internal/news/00000000-0000-4000-8000-000000000000/publish',
      headers: bearer(player),
    });
    expect(refused.statusCode).toBe(403);
    expect(webCalls).toHaveLength(0);
  });
});
