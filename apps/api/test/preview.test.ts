import { saleRunning, type Pack } from '@carabala/contracts/catalogue';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, signIn, useTestApp } from './helpers';
import { createTestPack } from './store-helpers';

// The staff's preview (issue 26 "Drafts and preview", decision record 038): the store and the home page
// as a player would see them at a chosen moment, drafts included or not, never the public reads.

const ctx = useTestApp();
let content: string;

beforeAll(async () => {
  content = await signIn(ctx.app, 'content1', 'staff123');
});

const HOUR = 3_600_000;
const call = (method: InjectOptions['method'], url: string, token?: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });
const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

async function read(url: string, token = content) {
  const answer = await call('GET', url, token);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().data;
}
/** The store's packs at `offsetMs` from now (drafts on unless said). */
const previewPacks = async (offsetMs: number, drafts = '1'): Promise<Pack[]> =>
  (await read(`/api/internal/preview/store?at=${encodeURIComponent(iso(offsetMs))}&drafts=${drafts}`)).packs;
const publicPacks = async (): Promise<Pack[]> => (await read('/api/store/packs')).packs;
const packOf = (packs: Pack[], id: number) => packs.find((pack) => pack.id === id);

const createPack = (body: object, publish = true) => createTestPack(ctx.app, content, body, publish);

describe('the store preview', () => {
  it('shows a pack inside its future window only, at the chosen moment, and the public read not yet', async () => {
    const id = await createPack({ title: 'Gói xem trước', visibleFrom: iso(HOUR), visibleUntil: iso(3 * HOUR) });
    expect(packOf(await publicPacks(), id)).toBeUndefined();
    expect(packOf(await previewPacks(0), id)).toBeUndefined();
    expect(packOf(await previewPacks(2 * HOUR), id)?.title).toBe('Gói xem trước');
    expect(packOf(await previewPacks(2 * HOUR, '0'), id)).toBeDefined();
    expect(packOf(await previewPacks(4 * HOUR), id)).toBeUndefined();
  });

  it('shows a draft change with drafts on, not with drafts off, and never in the public read', async () => {
    const id = await createPack({ title: 'Gói đã đăng' });
    const changed = await call('PUT', `/api/internal/catalogue/packs/${id}`, content, {
      title: 'Gói đổi tên chưa đăng',
      tab: 'flash-sale',
      price: 100_000,
      items: [{ itemId: 'diamond', quantity: 100 }],
    });
    expect(changed.json().data.state).toBe('changed');
    const unpublished = await createPack({ title: 'Gói mới chưa đăng' }, false);

    const withDrafts = await previewPacks(HOUR);
    expect(packOf(withDrafts, id)?.title).toBe('Gói đổi tên chưa đăng');
    expect(packOf(withDrafts, unpublished)?.title).toBe('Gói mới chưa đăng');
    const withoutDrafts = await previewPacks(HOUR, '0');
    expect(packOf(withoutDrafts, id)?.title).toBe('Gói đã đăng');
    expect(packOf(withoutDrafts, unpublished)).toBeUndefined();
    const players = await publicPacks();
    expect(packOf(players, id)?.title).toBe('Gói đã đăng');
    expect(packOf(players, unpublished)).toBeUndefined();
  });

  it('runs a sale at a moment inside its window, with the sale price, and drops it after its end', async () => {
    const sale = { price: 49_000, startsAt: iso(24 * HOUR), endsAt: iso(48 * HOUR) };
    const id = await createPack({ title: 'Gói giảm giá tối mai', sale }, false);
    const at = Date.now() + 30 * HOUR;
    const during = packOf(await previewPacks(30 * HOUR), id)!;
    expect(saleRunning(during.sale, new Date(at))).toBe(true);
    expect(during.sale).toMatchObject({ price: 49_000 });
    const before = packOf(await previewPacks(HOUR), id)!;
    expect(saleRunning(before.sale, new Date(Date.now() + HOUR))).toBe(false);
    expect(packOf(await previewPacks(50 * HOUR), id)!.sale).toBeNull();
    expect(packOf(await publicPacks(), id)).toBeUndefined();
  });
});

describe('the home preview', () => {
  const slide = { section: 'banner', title: 'Băng rôn tối mai', image: '/uploads/home/toi-mai.webp' };
  const banners = async (offsetMs: number, drafts = '1') =>
    (
      await read(`/api/internal/preview/home?at=${encodeURIComponent(iso(offsetMs))}&drafts=${drafts}`)
    ).sections.banner.map((banner: { title: string }) => banner.title);

  it('shows a published slide with a future window at a moment inside it, and a draft slide only with drafts on', async () => {
    const created = await call('POST', '/api/internal/home/slides', content, {
      ...slide,
      visibleFrom: iso(HOUR),
      visibleUntil: iso(3 * HOUR),
    });
    const { id } = created.json().data;
    expect((await call('POST', `/api/internal/home/slides/${id}/publish`, content)).statusCode).toBe(200);
    const draft = (
      await call('POST', '/api/internal/home/slides', content, { ...slide, title: 'Băng rôn nháp' })
    ).json().data;
    expect(draft.state).toBe('draft');

    const publicBanners = (await read('/api/home')).sections.banner.map((banner: { title: string }) => banner.title);
    expect(publicBanners).not.toContain('Băng rôn tối mai');
    expect(publicBanners).not.toContain('Băng rôn nháp');
    expect(await banners(0, '0')).not.toContain('Băng rôn tối mai');
    expect(await banners(2 * HOUR, '0')).toContain('Băng rôn tối mai');
    expect(await banners(2 * HOUR, '0')).not.toContain('Băng rôn nháp');
    expect(await banners(2 * HOUR)).toEqual(expect.arrayContaining(['Băng rôn tối mai', 'Băng rôn nháp']));
    expect(await banners(4 * HOUR)).not.toContain('Băng rôn tối mai');
  });

  it('lists a scheduled article from its date, pinned first, and a draft article only with drafts on', async () => {
    const article = (slug: string, extra: object) =>
      call('POST', '/api/internal/news', content, {
        slug,
        title: `Bài ${slug}`,
        coverImage: '/news/cover.webp',
        body: 'Nội dung',
        category: 'events',
        ...extra,
      });
    expect(
      (await article('hen-gio-toi-mai', { published: true, publishedAt: iso(24 * HOUR), hot: true })).statusCode,
    ).toBe(200);
    expect((await article('ban-nhap-xem-truoc', { hot: true })).statusCode).toBe(200);
    const slugs = async (offsetMs: number, drafts = '1') =>
      (await read(`/api/internal/preview/home?at=${encodeURIComponent(iso(offsetMs))}&drafts=${drafts}`)).news.map(
        (item: { slug: string }) => item.slug,
      );

    const publicSlugs = (await read('/api/news?page=1&pageSize=50')).items.map((item: { slug: string }) => item.slug);
    expect(publicSlugs).not.toContain('hen-gio-toi-mai');
    expect(publicSlugs).not.toContain('ban-nhap-xem-truoc');
    expect(await slugs(HOUR, '0')).not.toContain('hen-gio-toi-mai');
    expect((await slugs(25 * HOUR, '0'))[0]).toBe('hen-gio-toi-mai');
    expect(await slugs(25 * HOUR, '0')).not.toContain('ban-nhap-xem-truoc');
    expect((await slugs(25 * HOUR)).slice(0, 2)).toEqual(['hen-gio-toi-mai', 'ban-nhap-xem-truoc']);
  });
});

describe('the preview calls', () => {
  it('refuse guests, players and the roles that cannot edit the store or the home page; admin may', async () => {
    const player = await signIn(ctx.app, 'player1', 'player123');
    const support = await signIn(ctx.app, 'support1', 'staff123');
    const admin = await signIn(ctx.app, 'admin1', 'admin123');
    for (const path of ['/api/internal/preview/store', '/api/internal/preview/home']) {
      expect((await call('GET', path)).statusCode).toBe(401);
      for (const token of [player, support]) {
        const refused = await call('GET', path, token);
        expect(refused.statusCode).toBe(403);
        expect(refused.json().code).toBe('api.forbidden');
      }
      expect((await call('GET', path, admin)).statusCode).toBe(200);
    }
  });

  it('refuse a bad moment with api.preview.bad_time and a Vietnamese message, and are never cached', async () => {
    for (const at of ['tomorrow', '2026-11-27T20:00:00', '2026-13-40T20:00:00+07:00', '']) {
      const refused = await call('GET', `/api/internal/preview/store?at=${encodeURIComponent(at)}`, content);
      expect(refused.statusCode, at).toBe(400);
      expect(refused.json()).toMatchObject({
        code: 'api.preview.bad_time',
        message: 'Thời điểm xem trước không hợp lệ: chọn ngày và giờ (giờ Việt Nam).',
      });
    }
    const answer = await call('GET', '/api/internal/preview/home?at=2026-11-27T20:00:00%2B07:00', content);
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data.at).toBe('2026-11-27T13:00:00.000Z');
    expect(answer.headers['cache-control']).toBe('private, no-store');
  });
});
