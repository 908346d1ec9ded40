import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { rowsOf } from '../src/db/rows';
import { bearer, signIn, useTestApp } from './helpers';
import { buy, createTestPack } from './store-helpers';

// Live-ops in one click (issue 38, items 12 and 13): "Ẩn ngay" and "Hiện lại" on packs and home slides,
// audited and stepped-up like a publication and revalidating the same pages; slides moved up and down.

/** The web's POST /_internal/revalidate on 127.0.0.1: how many times it was called. */
let webCalls = 0;
const web = createServer((_request, response) => {
  webCalls += 1;
  response.writeHead(200, { 'content-type': 'application/json' }).end('{"code":"api.success"}');
});
await new Promise<void>((resolve) => web.listen(0, '127.0.0.1', resolve));
afterAll(() => new Promise<void>((resolve) => web.close(() => resolve())));

const ctx = useTestApp({
  WEB_REVALIDATE_URLS: `http://127.0.0.1:${(web.address() as AddressInfo).port}/_internal/revalidate`,
  REVALIDATE_SECRET: 'a-revalidation-secret-of-32-chars!!',
});
let content: string;

beforeAll(async () => {
  content = await signIn(ctx.app, 'content1', 'staff123');
});

const call = (method: InjectOptions['method'], url: string, token?: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });
const refusal = async (method: InjectOptions['method'], url: string, token?: string, payload?: object) => {
  const answer = await call(method, url, token, payload);
  return [answer.statusCode, answer.json().code];
};
const storeIds = async () =>
  (await call('GET', '/api/store/packs')).json().data.packs.map((pack: { id: number }) => pack.id);
const banners = async () =>
  (await call('GET', '/api/home')).json().data.sections.banner.map((slide: { title: string }) => slide.title);
const auditOf = async (targetType: string, id: string) =>
  rowsOf<{ action: string; detail: Record<string, unknown> }>(
    await ctx.database.db.execute(
      sql`select action, detail from audit_log where target_type = ${targetType} and target_id = ${id} order by created_at`,
    ),
  );
/** Waits for the web to have been told (at once, then again a moment later) since `before`. */
const webTold = (before: number) => vi.waitFor(() => expect(webCalls).toBeGreaterThan(before), { timeout: 2000 });

describe('"Ẩn ngay" and "Hiện lại" on a pack', () => {
  it('take it off the store and its sale at once and bring it back, audited, the web told', async () => {
    const id = await createTestPack(ctx.app, content, { title: 'Gói bán nhầm giá' });
    const url = `/api/internal/catalogue/packs/${id}`;
    expect(await storeIds()).toContain(id);

    const before = webCalls;
    const hidden = await call('POST', `${url}/hide`, content);
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(hidden.json().data).toMatchObject({ state: 'published', hiddenAt: expect.any(String) });
    // The cached answer was emptied: the store no longer lists it, and it is no longer sold.
    expect(await storeIds()).not.toContain(id);
    expect((await buy(ctx.app, '8801234', id)).json().code).toBe('api.transaction.product.not_found');
    await webTold(before);
    // The console still lists it, hidden; hiding it again changes nothing.
    const listed = (await call('GET', `/api/internal/catalogue/packs?q=ban nham gia`, content)).json().data.items;
    expect(listed).toEqual([expect.objectContaining({ id, hiddenAt: hidden.json().data.hiddenAt })]);
    expect((await call('POST', `${url}/hide`, content)).json().data.hiddenAt).toBe(hidden.json().data.hiddenAt);

    // Edited and published while hidden: it stays hidden until shown again, then shows the new title.
    await call('PUT', url, content, {
      title: 'Gói đúng giá',
      tab: 'flash-sale',
      price: 120_000,
      items: [{ itemId: 'diamond', quantity: 100 }],
    });
    expect((await call('POST', `${url}/publish`, content)).statusCode).toBe(200);
    expect(await storeIds()).not.toContain(id);
    const shown = await call('POST', `${url}/show`, content);
    expect(shown.json().data).toMatchObject({ state: 'published', hiddenAt: null });
    const back = (await call('GET', '/api/store/packs'))
      .json()
      .data.packs.find((pack: { id: number }) => pack.id === id);
    expect(back).toMatchObject({ title: 'Gói đúng giá', price: 120_000 });
    expect((await buy(ctx.app, '8801234', id)).statusCode).toBe(200);

    expect((await auditOf('pack', String(id))).map((entry) => entry.action)).toEqual([
      'pack.create',
      'pack.publish',
      'pack.hide',
      'pack.update',
      'pack.publish',
      'pack.show',
    ]);
    expect((await auditOf('pack', String(id)))[2]!.detail).toEqual({ title: 'Gói bán nhầm giá' });
  });

  it('are refused to other roles, to a stale code, and on a pack never published', async () => {
    const id = await createTestPack(ctx.app, content, { title: 'Gói cần mã' });
    const url = `/api/internal/catalogue/packs/${id}`;
    const support = await signIn(ctx.app, 'support1', 'staff123');
    expect(await refusal('POST', `${url}/hide`)).toEqual([401, 'api.unauthorized']);
    expect(await refusal('POST', `${url}/hide`, support)).toEqual([403, 'api.forbidden']);
    const stale = await signIn(ctx.app, 'content1', 'staff123', 'another device');
    expect((await call('DELETE', '/api/auth/step-up', stale)).statusCode).toBe(200);
    expect(await refusal('POST', `${url}/hide`, stale)).toEqual([428, 'api.auth.step_up_required']);
    expect(await storeIds()).toContain(id);

    const draft = await createTestPack(ctx.app, content, { title: 'Gói nháp' }, false);
    expect(await refusal('POST', `/api/internal/catalogue/packs/${draft}/hide`, content)).toEqual([
      409,
      'api.catalogue.not_published',
    ]);
    expect(await refusal('POST', '/api/internal/catalogue/packs/999999/show', content)).toEqual([404, 'api.error']);
    expect((await auditOf('pack', String(id))).map((entry) => entry.action)).not.toContain('pack.hide');
  });

  it('hidden through the service, with no route (a script, another process), leave the store and the web told alike', async () => {
    const id = await createTestPack(ctx.app, content, { title: 'Gói ẩn bằng lệnh' });
    expect(await storeIds()).toContain(id);
    const [staff] = rowsOf<{ id: string }>(
      await ctx.database.db.execute(sql`select id from users where username = 'content1'`),
    );
    const before = webCalls;
    await ctx.app.services.catalogue.setHidden(id, staff!.id, true);
    // The service's content.published emptied the cached answer: no stale store until it expires.
    expect(await storeIds()).not.toContain(id);
    await webTold(before);
  });
});

describe('home slides', () => {
  const slide = (title: string) => ({ section: 'banner', title, image: '/home/banners/banner-2.webp' });
  const create = async (title: string, publish = true) => {
    const created = await call('POST', '/api/internal/home/slides', content, slide(title));
    expect(created.statusCode, created.body).toBe(200);
    const { id } = created.json().data;
    if (publish) expect((await call('POST', `/api/internal/home/slides/${id}/publish`, content)).statusCode).toBe(200);
    return id as string;
  };

  it('are hidden and shown again at once, audited; a slide never published is refused', async () => {
    const id = await create('Sự kiện nhầm ngày');
    expect(await banners()).toContain('Sự kiện nhầm ngày');
    const before = webCalls;
    const hidden = await call('POST', `/api/internal/home/slides/${id}/hide`, content);
    expect(hidden.json().data).toMatchObject({ state: 'published', hiddenAt: expect.any(String) });
    expect(await banners()).not.toContain('Sự kiện nhầm ngày');
    await webTold(before);
    expect((await call('POST', `/api/internal/home/slides/${id}/show`, content)).json().data.hiddenAt).toBeNull();
    expect(await banners()).toContain('Sự kiện nhầm ngày');
    const entries = await auditOf('home_slide', id);
    expect(entries.slice(-2)).toEqual([
      { action: 'home_slide.hide', detail: { title: 'Sự kiện nhầm ngày', section: 'banner' } },
      { action: 'home_slide.show', detail: { title: 'Sự kiện nhầm ngày', section: 'banner' } },
    ]);

    const support = await signIn(ctx.app, 'support1', 'staff123');
    expect(await refusal('POST', `/api/internal/home/slides/${id}/hide`, support)).toEqual([403, 'api.forbidden']);
    const draft = await create('Bản nháp', false);
    expect(await refusal('POST', `/api/internal/home/slides/${draft}/hide`, content)).toEqual([
      409,
      'api.home.not_published',
    ]);
    // Cleaned up for the next test: the section's published banners are the seeded four again.
    await call('POST', `/api/internal/home/slides/${id}/hide`, content);
  });

  it('go last when created, move up to first (a draft first once published), audited with their places', async () => {
    const [first] = await banners();
    const id = await create('Ra mắt máy chủ mới', false);
    const list = async () =>
      (await call('GET', '/api/internal/home/slides?section=banner', content)).json().data.items as {
        id: string;
        draft: { title: string; sortOrder: number };
      }[];
    const titles = async () => (await list()).map((item) => item.draft.title);
    expect((await titles()).at(-1)).toBe('Ra mắt máy chủ mới');
    const move = (direction: string) => call('POST', `/api/internal/home/slides/${id}/move`, content, { direction });

    // Up past every other slide (the hidden and draft ones count in the console's order), then once more: nothing moves.
    const places = (await list()).length;
    for (let step = 1; step < places; step += 1) expect((await move('up')).statusCode).toBe(200);
    expect((await move('up')).json().data.draft.sortOrder).toBe(0);
    expect((await titles())[0]).toBe('Ra mắt máy chủ mới');
    expect((await list()).map((item) => item.draft.sortOrder)).toEqual([...Array(places).keys()].map((n) => n * 10));
    expect((await call('POST', `/api/internal/home/slides/${id}/publish`, content)).statusCode).toBe(200);
    expect((await banners())[0]).toBe('Ra mắt máy chủ mới');

    // Down one: the published order follows at once, with no new publication.
    expect((await move('down')).json().data.state).toBe('published');
    expect((await banners()).slice(0, 2)).toEqual([first, 'Ra mắt máy chủ mới']);
    const moves = (await auditOf('home_slide', id)).filter((entry) => entry.action === 'home_slide.move');
    expect(moves).toHaveLength(places);
    expect(moves.at(-1)!.detail).toEqual({
      title: 'Ra mắt máy chủ mới',
      section: 'banner',
      before: { position: 1 },
      after: { position: 2 },
    });
    expect(await refusal('POST', `/api/internal/home/slides/${id}/move`, content, { direction: 'left' })).toEqual([
      400,
      'api.validation',
    ]);
    await call('POST', `/api/internal/home/slides/${id}/hide`, content);
  });
});
