import { NextRequest } from 'next/server';
import { describe, expect, it } from 'vitest';
import { serverConfig } from '@/config';
import { proxy } from '@/proxy';

const site = 'http://localhost:3000';
const forwardedTo = (path: string) => proxy(new NextRequest(`${site}${path}`)).headers.get('x-middleware-rewrite');

describe("the site's /api forward (npm start, no nginx)", () => {
  it('forwards the API calls to the API', () => {
    expect(forwardedTo('/api/news?page=2')).toBe(new URL('/api/news?page=2', serverConfig().API_URL).toString());
  });

  it('never forwards the API document or the metrics, however spelled: 404 for a guest', async () => {
    for (const path of [
      '/api/docs',
      '/api/docs/json',
      '/api/docs/static/swagger-ui.css',
      '/api//docs/json',
      '/api/%64ocs/json',
      '/api/Docs',
      '/api/metrics',
    ]) {
      const answer = proxy(new NextRequest(`${site}${path}`));
      expect(answer.headers.get('x-middleware-rewrite'), path).toBeNull();
      expect(answer.status, path).toBe(404);
      expect(await answer.json(), path).toEqual({ code: 'api.error' });
    }
  });
});
