import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/rows';
import { bearer, signIn, useTestApp } from './helpers';
import sharp from 'sharp';
import { buy, createTestPack, order, postWebhook, sepayEvent, transaction } from './store-helpers';
import { jpegWithLocation, multipart, png, type FilePart } from './upload-helpers';

// The catalogue in the database (issue 26, decision record 034): the staff's calls, publication and
// step-up, windows, sales, limits, stock, and the price snapshot of orders already made.

const ctx = useTestApp();
let content: string;
let admin: string;

beforeAll(async () => {
  content = await signIn(ctx.app, 'content1', 'staff123');
  admin = await signIn(ctx.app, 'admin1', 'admin123');
});

const call = (method: InjectOptions['method'], url: string, token?: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });
const storePacks = async () => (await call('GET', '/api/store/packs')).json().data;
const inStore = async (id: number) => (await storePacks()).packs.find((pack: { id: number }) => pack.id === id);
const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();
const sleepUntil = (isoTime: string) =>
  new Promise((resolve) => setTimeout(resolve, Math.max(0, Date.parse(isoTime) - Date.now() + 50)));

const createPack = (body: object, publish = true) => createTestPack(ctx.app, content, body, publish);

const auditOf = async (id: number) =>
  rowsOf<{ action: string; detail: { title: string; before: object; after: object } }>(
    await ctx.database.db.execute(
      sql`select action, detail from audit_log where target_type = 'pack' and target_id = ${String(id)} order by created_at`,
    ),
  );

describe('the staff calls', () => {
  it('refuse players and the roles without the catalogue, and let content and admin in', async () => {
    const player = await signIn(ctx.app, 'player1', 'player123');
    const support = await signIn(ctx.app, 'support1', 'staff123');
    const finance = await signIn(ctx.app, 'finance1', 'staff123');
    expect((await call('GET', '/api/internal/catalogue/packs')).statusCode).toBe(401);
    for (const token of [player, support, finance]) {
      expect((await call('GET', '/api/internal/catalogue/packs', token)).statusCode).toBe(403);
    }
    for (const token of [content, admin]) {
      expect((await call('GET', '/api/internal/catalogue/packs', token)).statusCode).toBe(200);
    }
  });

  it('refuse a bad pack with api.validation and a Vietnamese message on each field', async () => {
    const refusal = async (body: object) => {
      const response = await call('POST', '/api/internal/catalogue/packs', content, body);
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('api.validation');
      return response.json().errors as Record<string, string[]>;
    };
    expect(await refusal({ tab: 'nope', price: 5, items: [] })).toMatchObject({
      title: ['Vui lòng nhập tên gói.'],
      tab: ['Vui lòng chọn nhóm.'],
      price: ['Giá phải là số nguyên từ 1,000đ đến 100,000,000đ.'],
    });
    const base = { title: 'Gói', tab: 'flash-sale', price: 100_000 };
    expect(await refusal(base)).toEqual({ items: ['Vui lòng thêm ít nhất một vật phẩm.'] });
    expect(await refusal({ ...base, items: [{ itemId: 'Kim cương', quantity: 0 }] })).toEqual({
      'items.0.itemId': ['Vật phẩm không có trong danh mục.'],
      'items.0.quantity': ['Số lượng phải là số nguyên từ 1 đến 1,000,000,000.'],
    });
    // An id of the right shape the game does not list: refused against the copy of the game's items.
    expect(await refusal({ ...base, items: [{ itemId: 'gem', quantity: 1 }] })).toEqual({
      'items.0.itemId': ['Vật phẩm không có trong danh mục.'],
    });
    const items = [{ itemId: 'diamond', quantity: 1 }];
    expect(await refusal({ ...base, items, visibleFrom: '20:00 hôm nay' })).toEqual({
      visibleFrom: ['Thời gian không hợp lệ: nhập theo dạng dd/mm/yyyy HH:mm (giờ Việt Nam).'],
    });
    expect(
      await refusal({
        ...base,
        items,
        visibleFrom: '2026-12-01T20:00:00+07:00',
        visibleUntil: '2026-12-01T19:00:00+07:00',
      }),
    ).toEqual({ visibleUntil: ['Thời điểm ẩn phải sau thời điểm hiện.'] });
    const sale = { price: 60_000, startsAt: '2026-12-01T20:00:00+07:00', endsAt: '2026-12-01T19:00:00+07:00' };
    expect(await refusal({ ...base, items, sale })).toEqual({
      'sale.endsAt': ['Thời điểm kết thúc khuyến mãi phải sau thời điểm bắt đầu.'],
    });
    expect(
      await refusal({ ...base, items, sale: { ...sale, price: 120_000, endsAt: '2026-12-02T20:00:00+07:00' } }),
    ).toEqual({
      'sale.price': ['Giá khuyến mãi phải thấp hơn giá gốc.'],
    });
    expect(await refusal({ ...base, items, limit: { kind: 'window' } })).toEqual({
      limit: ['Giới hạn theo sự kiện cần khung giờ hiển thị hoặc khuyến mãi có thời điểm kết thúc.'],
    });
  });

  it("refuse an option id that is another pack's product (409 api.catalogue.product_id_taken)", async () => {
    const response = await call('POST', '/api/internal/catalogue/packs', content, {
      title: 'Gói tùy chọn',
      tab: 'boc-tham',
      price: 49_000,
      options: [
        { id: 4445, title: 'Lấy mã của gói khác', value: 49_000, items: [{ itemId: 'lucky_ticket', quantity: 1 }] },
        { title: 'Mới', value: 79_000, items: [{ itemId: 'lucky_chest', quantity: 1 }] },
      ],
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('api.catalogue.product_id_taken');
    expect((await call('GET', '/api/internal/catalogue/packs/999999', content)).statusCode).toBe(404);
  });

  it('keep a draft off the store until published; the list finds it without diacritics, by tab and state', async () => {
    const id = await createPack({ title: 'Gói Đêm Hội Trăng Rằm', tab: 'chu-de' }, false);
    expect(id).toBeGreaterThanOrEqual(10_000);
    expect(await inStore(id)).toBeUndefined();
    const list = (
      await call('GET', '/api/internal/catalogue/packs?q=dem hoi trang ram&tab=chu-de&state=draft', content)
    ).json().data;
    expect(list.items.map((pack: { id: number }) => pack.id)).toEqual([id]);
    expect(list.items[0]).toMatchObject({ state: 'draft', published: null, draft: { title: 'Gói Đêm Hội Trăng Rằm' } });

    const published = (await call('POST', `/api/internal/catalogue/packs/${id}/publish`, content)).json().data;
    expect(published).toMatchObject({ state: 'published', published: { title: 'Gói Đêm Hội Trăng Rằm' } });
    expect(await inStore(id)).toMatchObject({ title: 'Gói Đêm Hội Trăng Rằm', price: 100_000, art: null });

    // An edit is a draft again ("changed"); the store still shows what was published.
    const body = { title: 'Gói Đêm Hội', tab: 'chu-de', price: 100_000, items: [{ itemId: 'mooncake', quantity: 9 }] };
    expect((await call('PUT', `/api/internal/catalogue/packs/${id}`, content, body)).json().data.state).toBe('changed');
    expect((await inStore(id)).title).toBe('Gói Đêm Hội Trăng Rằm');
    await call('POST', `/api/internal/catalogue/packs/${id}/publish`, content);
    expect(await inStore(id)).toMatchObject({ title: 'Gói Đêm Hội', items: [{ itemId: 'mooncake', quantity: 9 }] });

    // Audited with the before and after of each changed field, under the pack's title.
    const entries = await auditOf(id);
    expect(entries.map((entry) => entry.action)).toEqual([
      'pack.create',
      'pack.publish',
      'pack.update',
      'pack.publish',
    ]);
    expect(entries[2]!.detail).toMatchObject({
      title: 'Gói Đêm Hội',
      before: { title: 'Gói Đêm Hội Trăng Rằm', items: [{ itemId: 'diamond', quantity: 100 }] },
      after: { title: 'Gói Đêm Hội', items: [{ itemId: 'mooncake', quantity: 9 }] },
    });
  });

  it('ask for step-up to write or publish anything a pack sells: items, limit, stock, window, even a title', async () => {
    const cheap = { title: 'Gói rẻ', tab: 'flash-sale', price: 10_000, items: [{ itemId: 'diamond', quantity: 10 }] };
    const id = await createPack(cheap);
    // The same content role on a session whose code is older than the window (issue 36, item 2).
    const stale = await signIn(ctx.app, 'content1', 'staff123', 'another device');
    expect((await call('DELETE', '/api/auth/step-up', stale)).statusCode).toBe(200);
    const billion = { ...cheap, items: [{ itemId: 'diamond', quantity: 1_000_000_000 }] };
    const edits = [
      billion,
      { ...cheap, limit: null },
      { ...cheap, stock: 5 },
      { ...cheap, visibleUntil: iso(365 * 86_400_000) },
      { ...cheap, title: 'Gói rẻ mới' },
    ];
    const url = `/api/internal/catalogue/packs/${id}`;
    const refusals = [
      await call('POST', '/api/internal/catalogue/packs', stale, cheap),
      ...(await Promise.all(edits.map((edit) => call('PUT', url, stale, edit)))),
    ];
    expect(refusals.map((refused) => [refused.statusCode, refused.json().code])).toEqual(
      refusals.map(() => [428, 'api.auth.step_up_required']),
    );

    // A draft whose items changed (saved within a window) is still not published by a stale session.
    expect((await call('PUT', url, content, billion)).statusCode).toBe(200);
    const refused = await call('POST', `${url}/publish`, stale);
    expect([refused.statusCode, refused.json().code]).toEqual([428, 'api.auth.step_up_required']);
    expect((await inStore(id)).items).toEqual([{ itemId: 'diamond', quantity: 10 }]);
    // With a code from the last minutes it is applied.
    expect((await call('POST', `${url}/publish`, content)).statusCode).toBe(200);
    expect((await inStore(id)).items).toEqual([{ itemId: 'diamond', quantity: 1_000_000_000 }]);
  });
});

describe('prices are fixed when the order is made', () => {
  it("keeps an order's amount, QR, contents and card after the pack's price, contents and end change", async () => {
    const id = await createPack({ title: 'Gói giữ giá', price: 90_000, items: [{ itemId: 'gold', quantity: 5_000 }] });
    const before = await order(ctx.app, '8805678', id);
    expect(before.totalPrice).toBe(90_000);

    // The pack now costs more, delivers something else, looks different, and has ended.
    const changed = {
      title: 'Gói đổi hết',
      tab: 'tien-te',
      price: 190_000,
      items: [{ itemId: 'diamond', quantity: 1 }],
      art: { banner: '/shop/banner-601.webp', thumbnail: '/shop/thumb-601.webp' },
      visibleUntil: iso(-1000),
    };
    expect((await call('PUT', `/api/internal/catalogue/packs/${id}`, content, changed)).statusCode).toBe(200);
    expect((await call('POST', `/api/internal/catalogue/packs/${id}/publish`, content)).statusCode).toBe(200);
    expect(await inStore(id)).toBeUndefined();
    expect((await buy(ctx.app, '8805678', id)).json().code).toBe('api.transaction.product.not_found');

    const panel = await transaction(ctx.app, before.id);
    expect(panel).toMatchObject({
      productTitle: 'Gói giữ giá',
      totalPrice: 90_000,
      packId: id,
      packTab: 'flash-sale',
      thumbnail: null,
    });
    expect(panel.qr.payload).toContain('540590000');
    expect((await postWebhook(ctx.app, sepayEvent(before.code, 90_000))).statusCode).toBe(200);
    const [mail] = rowsOf<{ items: unknown; title: string }>(
      await ctx.database.db.execute(sql`select items, title from mails where source_id = ${before.id}`),
    );
    expect(mail).toMatchObject({
      items: [{ itemId: 'gold', quantity: 5_000 }],
      title: expect.stringContaining('Gói giữ giá'),
    });
    const player2 = await signIn(ctx.app, 'player2', 'player123');
    const receipt = (await call('GET', `/api/transactions/receipt/${before.code}`, player2)).json().data;
    expect(receipt).toMatchObject({
      productTitle: 'Gói giữ giá',
      totalPrice: 90_000,
      items: [{ itemId: 'gold', quantity: 5_000 }],
      bonusItems: [],
      status: 'done',
    });
  });
});

describe('offers with time', () => {
  it('shows a pack from visibleFrom to visibleUntil, and sells it only then', async () => {
    const opens = iso(1500);
    const closes = iso(3000);
    const id = await createPack({ visibleFrom: opens, visibleUntil: closes });
    const before = await storePacks();
    expect(before.packs.some((pack: { id: number }) => pack.id === id)).toBe(false);
    expect(Date.parse(before.nextChangeAt)).toBeLessThanOrEqual(Date.parse(opens));
    expect((await buy(ctx.app, '8801234', id)).json().code).toBe('api.transaction.product.not_found');
    // The cached answer turns at the boundary by itself: nobody clears it.
    await sleepUntil(opens);
    expect(await inStore(id)).toMatchObject({ visibleUntil: closes });
    expect((await buy(ctx.app, '8801234', id)).statusCode).toBe(200);
    await sleepUntil(closes);
    expect(await inStore(id)).toBeUndefined();
    expect((await buy(ctx.app, '8801234', id)).json().code).toBe('api.transaction.product.not_found');
  });

  it('sells at the sale price only inside the sale window', async () => {
    const startsAt = iso(1500);
    const endsAt = iso(3000);
    const id = await createPack({ price: 100_000, sale: { price: 60_000, startsAt, endsAt } });
    expect(await inStore(id)).toMatchObject({ price: 100_000, sale: { price: 60_000, startsAt, endsAt } });
    expect((await order(ctx.app, '8801234', id)).totalPrice).toBe(100_000);
    await sleepUntil(startsAt);
    expect((await order(ctx.app, '8801234', id)).totalPrice).toBe(60_000);
    await sleepUntil(endsAt);
    expect((await inStore(id)).sale).toBeNull();
    expect((await order(ctx.app, '8801234', id)).totalPrice).toBe(100_000);
  });
});

describe('limits and stock', () => {
  it('counts a limit of two a week per receiver: the second payment fills it and cancels the third order', async () => {
    const id = await createPack({ price: 10_000, limit: { kind: 'weekly', count: 2 } });
    const orders = [
      await order(ctx.app, '8803456', id),
      await order(ctx.app, '8803456', id),
      await order(ctx.app, '8803456', id),
    ];
    const player4 = await signIn(ctx.app, 'player4', 'player123');
    const limits = async (token: string) =>
      (await call('GET', '/api/store/packs/limits', token))
        .json()
        .data.find((entry: { productId: number }) => entry.productId === id);
    expect(await limits(player4)).toEqual({ productId: id, kind: 'weekly', count: 2, used: 0 });
    const statuses = () => Promise.all(orders.map(async (made) => (await transaction(ctx.app, made.id)).status));
    await postWebhook(ctx.app, sepayEvent(orders[0]!.code, 10_000));
    expect(await statuses()).toEqual(['done', 'initial', 'initial']);
    await postWebhook(ctx.app, sepayEvent(orders[1]!.code, 10_000));
    expect(await statuses()).toEqual(['done', 'done', 'cancelled']);
    // Money for the cancelled order is kept for staff review, not credited.
    const late = await postWebhook(ctx.app, sepayEvent(orders[2]!.code, 10_000));
    expect(late.statusCode).toBe(200);
    const [event] = rowsOf<{ match: string; credited_amount: number | string }>(
      await ctx.database.db.execute(
        sql`select match, credited_amount from bank_events where order_id = ${orders[2]!.id}`,
      ),
    );
    expect(event!.match).toBe('cancelled');
    expect(Number(event!.credited_amount)).toBe(0);
    expect((await transaction(ctx.app, orders[2]!.id)).status).toBe('cancelled');
    expect((await call('GET', '/api/store/packs/limits', player4)).json().data).toEqual(
      expect.arrayContaining([{ productId: id, kind: 'weekly', count: 2, used: 2 }]),
    );
    const refused = await buy(ctx.app, '8803456', id);
    expect(refused.json()).toMatchObject({
      code: 'api.transaction.product.limited',
      message: expect.stringMatching(
        /^User ID 8803456 đã đạt giới hạn mua gói này; giới hạn được đặt lại vào 00:00 ngày/,
      ),
    });
    // Another receiver still may.
    expect((await buy(ctx.app, '8801234', id)).statusCode).toBe(200);
    expect((await call('GET', '/api/store/packs/limits')).statusCode).toBe(401);
  });

  it('sells a once-ever pack once, and tells the receiver their count', async () => {
    const id = await createPack({ price: 10_000, limit: { kind: 'ever' } });
    const player1 = await signIn(ctx.app, 'player1', 'player123');
    const made = await order(ctx.app, '8801234', id);
    await postWebhook(ctx.app, sepayEvent(made.code, 10_000));
    const limits = (await call('GET', '/api/store/packs/limits', player1)).json().data;
    expect(limits.find((entry: { productId: number }) => entry.productId === id)).toEqual({
      productId: id,
      kind: 'ever',
      count: 1,
      used: 1,
    });
    expect(limits.find((entry: { productId: number }) => entry.productId === 201)).toMatchObject({
      kind: 'daily',
      count: 1,
    });
    expect((await buy(ctx.app, '8801234', id)).json().message).toBe('User ID 8801234 đã đạt giới hạn mua gói này.');
  });

  it('holds a stock of one for the open order, then refuses with api.transaction.product.sold_out', async () => {
    const id = await createPack({ price: 10_000, stock: 1 });
    const first = await buy(ctx.app, '8801234', id);
    expect(first.statusCode).toBe(200);
    const second = await buy(ctx.app, '8805678', id);
    expect(second.statusCode).toBe(400);
    expect(second.json()).toMatchObject({ code: 'api.transaction.product.sold_out', message: 'Gói này đã bán hết.' });
  });
});

describe("a pack's pictures", () => {
  it('are re-encoded to WebP at the store sizes by the upload pipeline, served publicly, for content only', async () => {
    const art = async (token: string, file: FilePart) => {
      const body = multipart([file]);
      return ctx.app.inject({
        method: 'POST',
        url: '/api/internal/catalogue/art',
        headers: { ...body.headers, ...bearer(token) },
        payload: body.payload,
      });
    };
    const photo = { field: 'file', filename: 'banner.jpg', contentType: 'image/jpeg', body: await jpegWithLocation() };
    const big = { field: 'file', filename: 'tet.png', contentType: 'image/png', body: await png(1600, 900) };
    const support = await signIn(ctx.app, 'support1', 'staff123');
    expect((await art(support, big)).statusCode).toBe(403);
    const text = { field: 'file', filename: 'a.png', contentType: 'image/png', body: Buffer.from('not an image') };
    expect((await art(content, text)).json().code).toBe('api.validation');

    for (const file of [big, photo]) {
      const uploaded = await art(content, file);
      expect(uploaded.statusCode, uploaded.body).toBe(200);
      const { thumbnail, banner } = uploaded.json().data as { thumbnail: string; banner: string };
      for (const [path, width, height] of [
        [thumbnail, 480, 480],
        [banner, 1200, 450],
      ] as const) {
        expect(path).toMatch(/^\/api\/uploads\/packs\/[0-9a-f-]{36}\.webp$/);
        const served = await ctx.app.inject({ method: 'GET', url: path });
        expect(served.statusCode).toBe(200);
        expect(served.headers['content-type']).toBe('image/webp');
        expect(served.headers['cache-control']).toContain('public');
        const metadata = await sharp(served.rawPayload).metadata();
        expect(metadata).toMatchObject({ format: 'webp', width, height });
        expect(metadata.exif).toBeUndefined();
      }
      // The paths are what a pack's art takes.
      const id = await createPack({ art: { thumbnail, banner } });
      expect((await inStore(id)).art).toEqual({ thumbnail, banner });
    }
    expect((await ctx.app.inject({ method: 'GET', url: '/api/uploads/packs/nothing.webp' })).statusCode).toBe(404);
  });
});
