import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/rows';
import sharp from 'sharp';
import { bearer, signIn, useTestApp } from './helpers';
import { multipart, png } from './upload-helpers';

// The home page's content in the database (issue 26, decision record 035): the seeded default, the
// staff's calls (audited, drafts until published), windows, and scheduled news with "HOT" pinning.

const ctx = useTestApp();
let content: string;

beforeAll(async () => {
  content = await signIn(ctx.app, 'content1', 'staff123');
});

const call = (method: InjectOptions['method'], url: string, token?: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });
const home = async () => (await call('GET', '/api/home')).json().data;
const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();
const sleepUntil = (isoTime: string) =>
  new Promise((resolve) => setTimeout(resolve, Math.max(0, Date.parse(isoTime) - Date.now() + 50)));

const banner = {
  section: 'banner',
  title: 'Sự kiện Trung Thu',
  image: '/uploads/home/trung-thu.webp',
  mobileImage: '/uploads/home/trung-thu-mobile.webp',
  link: '/news/trung-thu',
  sortOrder: 5,
};

async function createSlide(body: object, publish = true): Promise<string> {
  const created = await call('POST', '/api/internal/home/slides', content, body);
  expect(created.statusCode, created.body).toBe(200);
  const { id } = created.json().data;
  if (publish) expect((await call('POST', `/api/internal/home/slides/${id}/publish`, content)).statusCode).toBe(200);
  return id;
}

describe('the home content', () => {
  it("is today's page by default: the same pictures and titles in every section", async () => {
    const { sections } = await home();
    expect(sections.banner.map((slide: { title: string }) => slide.title)).toEqual([
      'Lễ hội Trứng Vàng',
      'Khám phá Vùng Đất Mây',
      'Đua Top Đập Trứng',
      'Bộ sưu tập Rồng Lửa',
    ]);
    expect(sections.banner[0].image).toBe('/home/banners/banner-1.webp');
    expect(sections.news).toHaveLength(3);
    expect(sections.collection).toHaveLength(7);
    expect(sections.character).toHaveLength(7);
    expect(sections.feature.map((slide: { image: string }) => slide.image)).toEqual(
      [1, 2, 3, 4].map((n) => `/home/features/feature-${n}.webp`),
    );
  });

  it('refuses players and the roles without the home page, and lets content and admin in', async () => {
    const support = await signIn(ctx.app, 'support1', 'staff123');
    const admin = await signIn(ctx.app, 'admin1', 'admin123');
    expect((await call('GET', '/api/internal/home/slides')).statusCode).toBe(401);
    expect((await call('GET', '/api/internal/home/slides', support)).statusCode).toBe(403);
    expect((await call('POST', '/api/internal/home/slides', support, banner)).statusCode).toBe(403);
    expect((await call('GET', '/api/internal/home/slides?section=feature', admin)).json().data.items).toHaveLength(4);
  });

  it('refuses a bad slide with a Vietnamese message per field', async () => {
    const answer = await call('POST', '/api/internal/home/slides', content, {
      ...banner,
      section: 'feature',
      image: 'https://elsewhere.example/a.webp',
      link: 'javascript:alert(1)',
      visibleFrom: iso(60_000),
      visibleUntil: iso(0),
    });
    expect(answer.statusCode).toBe(400);
    const fields = answer.json().errors;
    expect(fields.image).toEqual(['Đường dẫn ảnh phải bắt đầu bằng /.']);
    expect(fields.link).toEqual(['Liên kết phải bắt đầu bằng / hoặc https://.']);
    expect(fields.visibleUntil).toEqual(['Thời điểm ẩn phải sau thời điểm hiện.']);
    expect(fields.mobileImage).toEqual(['Chỉ banner đầu trang có ảnh riêng cho điện thoại.']);
  });

  it('shows a slide only once published, in its order, with its link; an edit waits for publish; audited', async () => {
    const id = await createSlide(banner, false);
    expect((await home()).sections.banner).toHaveLength(4);
    await call('POST', `/api/internal/home/slides/${id}/publish`, content);
    const banners = (await home()).sections.banner;
    expect(banners.map((slide: { title: string }) => slide.title)[1]).toBe('Sự kiện Trung Thu');
    expect(banners[1]).toMatchObject({ link: '/news/trung-thu', mobileImage: '/uploads/home/trung-thu-mobile.webp' });

    const edited = await call('PUT', `/api/internal/home/slides/${id}`, content, {
      ...banner,
      title: 'Trung Thu rực rỡ',
    });
    expect(edited.json().data.state).toBe('changed');
    expect((await home()).sections.banner[1].title).toBe('Sự kiện Trung Thu');
    await call('POST', `/api/internal/home/slides/${id}/publish`, content);
    expect((await home()).sections.banner[1].title).toBe('Trung Thu rực rỡ');

    const audit = rowsOf<{ action: string; detail: { before: object; after: object } }>(
      await ctx.database.db.execute(
        sql`select action, detail from audit_log where target_type = 'home_slide' and target_id = ${id} order by created_at`,
      ),
    );
    expect(audit.map((entry) => entry.action)).toEqual([
      'home_slide.create',
      'home_slide.publish',
      'home_slide.update',
      'home_slide.publish',
    ]);
    expect(audit[3]!.detail.before).toEqual({ title: 'Sự kiện Trung Thu' });
    expect(audit[3]!.detail.after).toEqual({ title: 'Trung Thu rực rỡ' });
    // Cleaned up for the other tests: its window closed.
    await call('PUT', `/api/internal/home/slides/${id}`, content, {
      ...banner,
      visibleUntil: iso(-1000),
      visibleFrom: iso(-2000),
    });
    await call('POST', `/api/internal/home/slides/${id}/publish`, content);
    expect((await home()).sections.banner).toHaveLength(4);
  });

  it('follows a window: not before it opens, gone when it closes, and the answer says when it changes', async () => {
    const opens = iso(1500);
    const closes = iso(3000);
    await createSlide({
      section: 'feature',
      title: 'Giờ vàng',
      image: '/home/features/feature-1.webp',
      visibleFrom: opens,
      visibleUntil: closes,
    });
    const before = await home();
    expect(before.sections.feature).toHaveLength(4);
    expect(before.nextChangeAt).toBe(opens);
    await sleepUntil(opens);
    const during = await home();
    expect(during.sections.feature.map((slide: { title: string }) => slide.title)).toContain('Giờ vàng');
    expect(during.nextChangeAt).toBe(closes);
    await sleepUntil(closes);
    expect((await home()).sections.feature).toHaveLength(4);
  });
});

describe('the home pictures', () => {
  it("are re-encoded to WebP at the carousel's size and served publicly; only home staff upload", async () => {
    const upload = (token: string, kind: string) => {
      const body = multipart([{ field: 'file', filename: 'a.png', contentType: 'image/png', body: bigPng }]);
      return ctx.app.inject({
        method: 'POST',
        url: `/api/internal/home/art?kind=${kind}`,
        headers: { ...body.headers, ...bearer(token) },
        payload: body.payload,
      });
    };
    const bigPng = await png(2400, 1600);
    const support = await signIn(ctx.app, 'support1', 'staff123');
    expect((await upload(support, 'banner')).statusCode).toBe(403);
    expect((await upload(content, 'poster')).statusCode).toBe(400);
    for (const [kind, width, height] of [
      ['banner', 1840, 1200],
      ['character', 800, 1120],
    ] as const) {
      const answer = await upload(content, kind);
      expect(answer.statusCode, answer.body).toBe(200);
      const { image } = answer.json().data;
      expect(image).toMatch(/^\/api\/uploads\/home\/[0-9a-f-]{36}\.webp$/);
      const served = await call('GET', image);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      const meta = await sharp(served.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', width, height]);
    }
  });
});

describe('news scheduling and HOT', () => {
  const article = (slug: string, extra: object) => ({
    slug,
    title: `Bài ${slug}`,
    coverImage: '/news/slider-1.webp',
    body: 'Nội dung',
    category: 'events',
    published: true,
    ...extra,
  });

  it('keeps a scheduled article out of the list and its page until its moment, then shows it', async () => {
    const at = iso(1500);
    const created = await call('POST', '/api/internal/news', content, article('hen-gio', { publishedAt: at }));
    expect(created.statusCode, created.body).toBe(200);
    const slugs = async () =>
      (await call('GET', '/api/news?pageSize=50')).json().data.items.map((item: { slug: string }) => item.slug);
    expect(await slugs()).not.toContain('hen-gio');
    expect((await call('GET', '/api/news/hen-gio')).statusCode).toBe(404);
    await sleepUntil(at);
    expect(await slugs()).toContain('hen-gio');
    expect((await call('GET', '/api/news/hen-gio')).statusCode).toBe(200);
  });

  it('puts HOT articles first in the home list only', async () => {
    const created = await call(
      'POST',
      '/api/internal/news',
      content,
      article('bai-hot', { hot: true, publishedAt: '2020-01-01T00:00:00Z' }),
    );
    expect(created.json().data.hot).toBe(true);
    const homeList = (await call('GET', '/api/news?page=1&pageSize=5&hotFirst=true')).json().data.items;
    expect(homeList[0]).toMatchObject({ slug: 'bai-hot', hot: true });
    // The news list keeps its date order: an article of 2020 is last.
    const list = (await call('GET', '/api/news?page=1&pageSize=50')).json().data.items;
    expect(list.length).toBeGreaterThan(1);
    expect(list.at(-1).slug).toBe('bai-hot');
  });
});
