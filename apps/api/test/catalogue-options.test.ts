import type { PackContent } from '@carabala/contracts';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/rows';
import { bearer, signIn, useTestApp } from './helpers';
import { buy, order, postWebhook, sepayEvent, transaction } from './store-helpers';

// A selectable pack's options edited from the console (decision record 034): the body the console's
// form sends (every option with its id kept, a new one without), validated per option, saved and
// published with step-up, and orders of a removed option kept as they were.

const ctx = useTestApp();
let content: string;
let stale: string;

beforeAll(async () => {
  content = await signIn(ctx.app, 'content1', 'staff123');
  // The same staff member on a session without a recent second-factor code.
  stale = await signIn(ctx.app, 'content1', 'staff123', 'another device');
  expect((await call('DELETE', '/api/auth/step-up', stale)).statusCode).toBe(200);
});

const call = (method: InjectOptions['method'], url: string, token?: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });
const inStore = async (id: number) =>
  (await call('GET', '/api/store/packs')).json().data.packs.find((pack: { id: number }) => pack.id === id);
const draftOf = async (id: number): Promise<PackContent> =>
  (await call('GET', `/api/internal/catalogue/packs/${id}`, content)).json().data.draft;

type Option = NonNullable<PackContent['options']>[number];
/** The three options of a seeded selectable pack. */
const threeOptions = (draft: PackContent) => draft.options as [Option, Option, Option];

/** The body the console's pack form makes of a selectable pack (pack-values.ts `bodyOf`). */
const consoleBody = (draft: PackContent, options: object[]) => ({
  title: draft.title,
  tab: draft.tab,
  price: 1_000,
  sortOrder: draft.sortOrder,
  items: [],
  options,
  limit: null,
  stock: null,
  visibleFrom: null,
  visibleUntil: null,
  sale: null,
  art: draft.art,
});

describe("a selectable pack's options from the console", () => {
  it('are validated per option, keep their ids, take new ones, and are saved and published with step-up', async () => {
    // Gói Bốc Thăm Tùy Chọn (44): options 44 (49,000đ), 45 (79,000đ) and 4445 (109,000đ).
    const before = await draftOf(44);
    expect(before.options!.map((option) => option.id)).toEqual([44, 45, 4445]);
    const [o44, o45, o4445] = threeOptions(before);
    const earlier = await order(ctx.app, '8805678', 45);
    expect(earlier.totalPrice).toBe(79_000);

    // Each refusal lands on its option's field, in Vietnamese.
    const bad = await call(
      'PUT',
      '/api/internal/catalogue/packs/44',
      content,
      consoleBody(before, [{ ...o44, title: ' ', value: 500 }, o4445]),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      code: 'api.validation',
      errors: {
        'options.0.title': ['Vui lòng nhập tên gói.'],
        'options.0.value': ['Giá phải là số nguyên từ 1,000đ đến 100,000,000đ.'],
      },
    });
    const one = await call('PUT', '/api/internal/catalogue/packs/44', content, consoleBody(before, [o44]));
    expect(one.json().errors).toEqual({ options: ['Gói tùy chọn cần ít nhất hai lựa chọn.'] });

    // 4445 moved first at a new price, 44 kept, 45 removed, a new option added.
    const fresh = { title: 'Túi Vé Lớn', value: 59_000, items: [{ itemId: 'lucky_ticket', quantity: 12 }] };
    const body = consoleBody(before, [{ ...o4445, value: 99_000 }, o44, { ...fresh, limit: null, banner: null }]);
    const staleSave = await call('PUT', '/api/internal/catalogue/packs/44', stale, body);
    expect(staleSave.json().code).toBe('api.auth.step_up_required');
    const saved = await call('PUT', '/api/internal/catalogue/packs/44', content, body);
    expect(saved.statusCode, saved.body).toBe(200);
    const draft = saved.json().data.draft as PackContent;
    const freshId = draft.options![2]!.id;
    expect(freshId).toBeGreaterThanOrEqual(10_000);
    expect(draft.options!.map((option) => [option.id, option.value])).toEqual([
      [4445, 99_000],
      [44, 49_000],
      [freshId, 59_000],
    ]);
    expect(draft.price).toBe(49_000);
    expect(saved.json().data.state).toBe('changed');

    // The stale session may not publish it either.
    const refused = await call('POST', '/api/internal/catalogue/packs/44/publish', stale);
    expect(refused.statusCode).toBe(428);
    expect(refused.json().code).toBe('api.auth.step_up_required');
    expect((await inStore(44)).options.map((option: { id: number }) => option.id)).toEqual([44, 45, 4445]);

    expect((await call('POST', '/api/internal/catalogue/packs/44/publish', content)).statusCode).toBe(200);
    const shown = await inStore(44);
    expect(shown).toMatchObject({ price: 49_000, isSelect: true });
    expect(shown.options.map((option: { id: number; value: number }) => [option.id, option.value])).toEqual([
      [4445, 99_000],
      [44, 49_000],
      [freshId, 59_000],
    ]);
    expect((await order(ctx.app, '8805678', 4445)).totalPrice).toBe(99_000);
    expect((await order(ctx.app, '8805678', freshId)).totalPrice).toBe(59_000);
    expect((await buy(ctx.app, '8805678', 45)).json().code).toBe('api.transaction.product.not_found');
    expect(o45.title).toBe('Rương Bốc Thăm Bí Ẩn');

    // The order of the removed option keeps its title, price and contents, and is paid and delivered.
    expect(await transaction(ctx.app, earlier.id)).toMatchObject({
      productTitle: 'Rương Bốc Thăm Bí Ẩn',
      totalPrice: 79_000,
      packId: 44,
    });
    expect((await postWebhook(ctx.app, sepayEvent(earlier.code, 79_000))).statusCode).toBe(200);
    const [mail] = rowsOf<{ items: unknown }>(
      await ctx.database.db.execute(sql`select items from mails where source_id = ${earlier.id}`),
    );
    expect(mail?.items).toEqual([{ itemId: 'lucky_chest', quantity: 2 }]);

    // The change is audited with the options before and after.
    const [entry] = rowsOf<{ detail: { before: { options: unknown[] }; after: { options: unknown[] } } }>(
      await ctx.database.db.execute(
        sql`select detail from audit_log where action = 'pack.update' and target_id = '44' order by created_at desc limit 1`,
      ),
    );
    expect(entry!.detail.before.options).toHaveLength(3);
    expect(entry!.detail.after.options).toEqual(draft.options);
  });

  it('ask for step-up for a move or a renamed option too: any change of what the store shows', async () => {
    const before = await draftOf(46);
    const [o46, o47, o4647] = threeOptions(before);
    const moved = consoleBody(before, [o4647, { ...o46, title: 'Trang Phục Biển Xanh Mới' }, o47]);
    const url = '/api/internal/catalogue/packs/46';
    expect((await call('PUT', url, stale, moved)).json().code).toBe('api.auth.step_up_required');
    expect((await call('PUT', url, content, moved)).statusCode).toBe(200);
    expect((await call('POST', `${url}/publish`, stale)).json().code).toBe('api.auth.step_up_required');
    const published = await call('POST', `${url}/publish`, content);
    expect(published.statusCode, published.body).toBe(200);
    expect((await inStore(46)).options.map((option: { id: number; title: string }) => option.title)).toEqual([
      'Combo Trang Phục Biển Xanh + Thú Cưỡi Cá Heo',
      'Trang Phục Biển Xanh Mới',
      'Thú Cưỡi Cá Heo',
    ]);
  });
});
