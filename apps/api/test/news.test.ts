import { desc } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema';
import { bearer, signIn, useTestApp } from './helpers';

const ctx = useTestApp();
let adminToken: string;
let playerToken: string;

beforeAll(async () => {
  adminToken = await signIn(ctx.app, 'admin1', 'admin123');
  playerToken = await signIn(ctx.app, 'player1', 'player123');
});

const get = (url: string) => ctx.app.inject({ method: 'GET', url });
const staff = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, token = adminToken) => {
  const options: InjectOptions = { method, url, headers: bearer(token) };
  if (payload !== undefined) options.payload = payload;
  return ctx.app.inject(options);
};

const article = (slug: string, extra: Record<string, unknown> = {}) => ({
  slug,
  title: `Bài viết ${slug}`,
  summary: 'Tóm tắt',
  coverImage: '/news/chao-mung-ra-mat-website-moi.jpg',
  body: 'Nội dung **đậm**.',
  category: 'updates',
  ...extra,
});

const lastAudit = async () =>
  (await ctx.database.db.select().from(auditLog).orderBy(desc(auditLog.createdAt)).limit(1))[0]!;

describe('the demo news (issue 38: dated from the seed day)', () => {
  it('was published within the last 45 days, and the home page names no past year', async () => {
    const now = Date.now();
    const items = (await get('/api/news?pageSize=50')).json().data.items as { publishedAt: string }[];
    expect(items).toHaveLength(12);
    for (const { publishedAt } of items) {
      expect(Date.parse(publishedAt)).toBeLessThanOrEqual(now);
      expect(now - Date.parse(publishedAt)).toBeLessThan(45 * 86_400_000);
    }
    // What the home page shows: its slides and the top of the news list, titles and summaries.
    const home = (await get('/api/home')).json().data.sections as Record<string, { title: string }[]>;
    const top = (await get('/api/news?pageSize=5&hotFirst=true')).json().data.items as {
      title: string;
      summary: string;
    }[];
    const texts = [
      ...Object.values(home)
        .flat()
        .map((slide) => slide.title),
      ...top.flatMap((i) => [i.title, i.summary]),
    ];
    const thisYear = new Date(now).getUTCFullYear();
    const pastYears = texts.flatMap((text) => (text.match(/\b(19|20)\d\d\b/g) ?? []).filter((y) => +y < thisYear));
    expect(pastYears).toEqual([]);
    expect(texts).not.toContainEqual(expect.stringMatching(/mùa hè/));
  });
});

describe('GET /api/news', () => {
  it('lists only published articles, newest first, with paging', async () => {
    const first = (await get('/api/news?pageSize=5')).json();
    expect(first.code).toBe('api.success');
    expect(first.data).toMatchObject({ page: 1, pageSize: 5, total: 12 });
    expect(first.data.items).toHaveLength(5);
    expect(first.data.items[0]).toMatchObject({
      slug: 'le-hoi-trung-vang-mua-he-2025',
      category: 'events',
      coverImage: '/news/le-hoi-trung-vang-mua-he-2025.jpg',
    });
    expect(first.data.items[0]).not.toHaveProperty('body');
    const dates = first.data.items.map((item: { publishedAt: string }) => item.publishedAt);
    expect([...dates].sort().reverse()).toEqual(dates);

    const third = (await get('/api/news?pageSize=5&page=3')).json().data;
    expect(third.items.map((item: { slug: string }) => item.slug)).toEqual([
      'bao-tri-dinh-ky-thang-5',
      'chao-mung-ra-mat-website-moi',
    ]);
    const all = (await get('/api/news?pageSize=50')).json().data.items.map((item: { slug: string }) => item.slug);
    expect(all).not.toContain('ban-nhap-su-kien-trung-thu');
  });

  it('defaults to pages of 9 and filters by category', async () => {
    expect((await get('/api/news')).json().data.items).toHaveLength(9);
    const maintenance = (await get('/api/news?category=maintenance')).json().data;
    expect(maintenance.total).toBe(3);
    expect(maintenance.items.every((item: { category: string }) => item.category === 'maintenance')).toBe(true);
  });

  it('refuses a bad page with a validation code, not a 500', async () => {
    for (const query of ['page=0', 'page=abc', 'pageSize=500', 'category=nope']) {
      const response = await get(`/api/news?${query}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('api.validation');
    }
  });
});

describe('GET /api/news/:slug', () => {
  it('answers a published article with its Markdown body', async () => {
    const response = await get('/api/news/bao-tri-may-chu-ngay-28-06');
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      title: expect.stringMatching(/^Thông báo bảo trì máy chủ ngày \d\d\/\d\d$/),
      category: 'maintenance',
      body: expect.stringContaining('| Thời gian |'),
    });
  });

  it('answers 404 api.error for an unknown or unpublished slug', async () => {
    for (const slug of ['khong-ton-tai', 'ban-nhap-su-kien-trung-thu']) {
      const response = await get(`/api/news/${slug}`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'api.error', message: 'Không tìm thấy bài viết.' });
    }
  });
});

describe('staff news calls', () => {
  it('refuse guests (401) and players (403)', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/internal/news' })).statusCode).toBe(401);
    const refused = await staff('POST', '/api/internal/news', article('tu-nguoi-choi'), playerToken);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('api.forbidden');
    expect((await get('/api/news/tu-nguoi-choi')).statusCode).toBe(404);
  });

  it('create a draft, publish, edit and unpublish it, each audited', async () => {
    const created = await staff('POST', '/api/internal/news', article('ban-tin-moi'));
    expect(created.statusCode).toBe(200);
    const draft = created.json().data;
    expect(draft).toMatchObject({ slug: 'ban-tin-moi', published: false, publishedAt: null });
    expect(await lastAudit()).toMatchObject({ action: 'news.create', targetType: 'news', targetId: draft.id });
    expect((await get('/api/news/ban-tin-moi')).statusCode).toBe(404);

    const published = (await staff('POST', `/api/internal/news/${draft.id}/publish`)).json().data;
    expect(published.published).toBe(true);
    expect(Date.now() - Date.parse(published.publishedAt)).toBeLessThan(60_000);
    expect((await lastAudit()).action).toBe('news.publish');
    // Newest first: it is now at the top of the public list.
    expect((await get('/api/news?pageSize=1')).json().data.items[0].slug).toBe('ban-tin-moi');

    const edited = await staff('PUT', `/api/internal/news/${draft.id}`, {
      title: 'Tiêu đề đã sửa',
      slug: 'ban-tin-da-sua',
    });
    expect(edited.json().data).toMatchObject({ title: 'Tiêu đề đã sửa', slug: 'ban-tin-da-sua' });
    const editAudit = await lastAudit();
    expect(editAudit.action).toBe('news.update');
    expect(editAudit.detail).toMatchObject({
      before: { title: 'Bài viết ban-tin-moi', slug: 'ban-tin-moi' },
      after: { title: 'Tiêu đề đã sửa', slug: 'ban-tin-da-sua' },
    });
    expect((await get('/api/news/ban-tin-moi')).statusCode).toBe(404);
    expect((await get('/api/news/ban-tin-da-sua')).json().data.title).toBe('Tiêu đề đã sửa');

    await staff('POST', `/api/internal/news/${draft.id}/unpublish`);
    expect((await lastAudit()).action).toBe('news.unpublish');
    expect((await get('/api/news/ban-tin-da-sua')).statusCode).toBe(404);

    // Re-publishing keeps the first publication date.
    const again = (await staff('POST', `/api/internal/news/${draft.id}/publish`)).json().data;
    expect(again.publishedAt).toBe(published.publishedAt);

    const listed = (await staff('GET', '/api/internal/news?published=true&pageSize=100')).json().data;
    expect(listed.items.some((item: { id: string }) => item.id === draft.id)).toBe(true);
    const drafts = (await staff('GET', '/api/internal/news?published=false')).json().data;
    expect(drafts.items.map((item: { slug: string }) => item.slug)).toEqual(['ban-nhap-su-kien-trung-thu']);
  });

  it('refuses a slug already in use with api.news.slug_taken, on create and on edit', async () => {
    const taken = await staff('POST', '/api/internal/news', article('bao-tri-dinh-ky-thang-5'));
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      code: 'api.news.slug_taken',
      errors: { slug: ['Đường dẫn này đã được sử dụng.'] },
    });
    const other = (await staff('POST', '/api/internal/news', article('bai-khac', { published: true }))).json().data;
    const clash = await staff('PUT', `/api/internal/news/${other.id}`, { slug: 'bao-tri-dinh-ky-thang-5' });
    expect(clash.statusCode).toBe(409);
    expect((await get('/api/news/bai-khac')).statusCode).toBe(200);
  });

  it('validates the body with Vietnamese field messages', async () => {
    const response = await staff('POST', '/api/internal/news', {
      slug: 'Có Dấu',
      title: '',
      coverImage: 'https://evil.example/x.png',
      body: '',
      category: 'gossip',
    });
    expect(response.statusCode).toBe(400);
    const { code, errors } = response.json();
    expect(code).toBe('api.validation');
    expect(errors.slug).toEqual(['Đường dẫn chỉ gồm chữ thường không dấu, số và dấu gạch ngang.']);
    expect(errors.title).toEqual(['Vui lòng nhập tiêu đề.']);
    expect(errors.coverImage[0]).toContain('Ảnh bìa');
    expect(errors.body).toEqual(['Vui lòng nhập nội dung.']);
    expect(errors.category).toBeDefined();
    // A new article starts with no cover chosen (issue 38): saving it so names the missing cover.
    const noCover = await staff('POST', '/api/internal/news', article('chua-co-anh-bia', { coverImage: '' }));
    expect(noCover.json().errors).toEqual({ coverImage: ['Vui lòng chọn ảnh bìa.'] });

    const empty = await staff('PUT', `/api/internal/news/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}`, {});
    expect(empty.statusCode).toBe(400);
  });

  it('refuses a body past the nesting or emphasis budget (decision 042) with its field message, and stores nothing', async () => {
    const nested = await staff('POST', '/api/internal/news', article('long-sau', { body: '>'.repeat(40_000) }));
    expect(nested.statusCode).toBe(400);
    expect(nested.json()).toMatchObject({
      code: 'api.validation',
      errors: { body: ['Nội dung lồng nhau quá sâu: tối đa 8 cấp trích dẫn (>), danh sách hoặc ngoặc vuông.'] },
    });
    expect((await staff('GET', '/api/internal/news?q=long-sau')).json().data.total).toBe(0);

    const saved = (await staff('POST', '/api/internal/news', article('nhieu-dau'))).json().data;
    const emphasis = await staff('PUT', `/api/internal/news/${saved.id}`, { body: '*_'.repeat(50_000) });
    expect(emphasis.statusCode).toBe(400);
    expect(emphasis.json().errors.body).toEqual([
      'Một dòng có quá nhiều dấu định dạng *, _ hoặc ~ (tối đa 100 dấu mỗi dòng).',
    ]);
    expect((await staff('GET', `/api/internal/news/${saved.id}`)).json().data.body).toBe('Nội dung **đậm**.');
  });

  it('answers 404 for an unknown id', async () => {
    const missing = await staff('POST', '/api/internal/news/6c1f5c6e-9d7a-4b8e-8f3e-1a2b3c4d5e6f/publish');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('api.error');
  });

  it('stores a script in Markdown as text; the API never renders it', async () => {
    const body = 'Xin chào <script>window.__pwned = true</script>';
    await staff('POST', '/api/internal/news', article('co-script', { body, published: true }));
    expect((await get('/api/news/co-script')).json().data.body).toBe(body);
  });
});
