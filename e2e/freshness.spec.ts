import { apiSignIn, apiURL, expect, test } from './fixtures';

/** Staff calls through the API, as the console makes them. */
async function staffCall(token: string, method: 'POST' | 'PUT', path: string, body?: object) {
  const response = await fetch(`${apiURL()}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const answer = await response.json();
  if (answer.code !== 'api.success') throw new Error(`${method} ${path}: ${JSON.stringify(answer)}`);
  return answer.data;
}

test.describe('cached pages are fresh within seconds of a staff change @desktop-only', () => {
  test('publish: on /news, on / and in the sitemap within 5 s; unpublish: the article is a 404 within 5 s', async ({
    page,
    request,
  }, testInfo) => {
    const { accessToken } = await apiSignIn('admin1', 'admin123');
    const slug = `tin-nong-${testInfo.project.name}-${Date.now().toString(36)}`;
    const title = `Tin nóng ${testInfo.project.name} ${Date.now().toString(36)}`;

    // Warm the cached copies first, so that the test sees them replaced, not rendered for the first time.
    await page.goto('/news', { waitUntil: 'domcontentloaded' });
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    expect((await request.get(`/news/${slug}`)).status()).toBe(404);

    const draft = await staffCall(accessToken, 'POST', '/internal/news', {
      slug,
      title,
      summary: 'Một tin vừa đăng.',
      coverImage: '/news/chao-mung-ra-mat-website-moi.jpg',
      body: 'Nội dung của **tin nóng**.',
      category: 'events',
    });
    await staffCall(accessToken, 'POST', `/internal/news/${draft.id}/publish`);
    const published = Date.now();

    // Both pages are checked at once, each within 5 s of the publication.
    const home = await page.context().newPage();
    const shows = (tab: typeof page, path: string, testId: string, text: string) =>
      expect(async () => {
        await tab.goto(path, { waitUntil: 'domcontentloaded' });
        await expect(tab.getByTestId(testId)).toContainText(text, { timeout: 100 });
      }).toPass({ timeout: 5000, intervals: [100] });
    await Promise.all([
      shows(page, '/news', 'news-list', title),
      shows(home, '/', 'home-news-list', title.slice(0, 20)),
    ]);
    expect(Date.now() - published).toBeLessThan(5000);
    await expect
      .poll(async () => (await request.get('/sitemap.xml')).text(), { timeout: 5000 })
      .toContain(`/news/${slug}</loc>`);
    expect((await request.get(`/news/${slug}`)).status()).toBe(200);

    await staffCall(accessToken, 'POST', `/internal/news/${draft.id}/unpublish`);
    await expect.poll(async () => (await request.get(`/news/${slug}`)).status(), { timeout: 5000 }).toBe(404);
    await expect.poll(async () => (await request.get('/sitemap.xml')).text(), { timeout: 5000 }).not.toContain(slug);
  });

  test('the revalidation endpoint refuses a caller without the secret, and is not under /api', async ({ request }) => {
    expect((await request.post('/_internal/revalidate')).status()).toBe(404);
    expect(
      (await request.post('/_internal/revalidate', { headers: { 'x-revalidate-secret': 'x'.repeat(48) } })).status(),
    ).toBe(404);
    expect((await request.post('/api/_internal/revalidate')).status()).toBe(404);
  });
});

test.describe('sitemap and robots @desktop-only', () => {
  test('/sitemap.xml lists home, the news list and every published article with its date', async ({ request }) => {
    const response = await request.get('/sitemap.xml');
    expect(response.headers()['content-type']).toContain('xml');
    const xml = await response.text();
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
    expect(locs.slice(0, 2)).toEqual(['/', '/news']);
    const published = await fetch(`${apiURL()}/api/news?pageSize=50`).then((r) => r.json());
    for (const item of published.data.items as { slug: string; publishedAt: string }[]) {
      expect(xml).toMatch(new RegExp(`/news/${item.slug}</loc>\\s*<lastmod>${item.publishedAt}</lastmod>`));
    }
    expect(locs).not.toContain('/news/ban-nhap-su-kien-trung-thu');
  });

  test('/robots.txt keeps crawlers out of private paths and points to the sitemap', async ({ request }) => {
    const text = await (await request.get('/robots.txt')).text();
    for (const path of ['/admin', '/api', '/supports/my-tickets', '/store/history']) {
      expect(text).toContain(`Disallow: ${path}\n`);
    }
    expect(text).toMatch(/Sitemap: https?:\/\/[^\n]+\/sitemap\.xml/);
  });
});
