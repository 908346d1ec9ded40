import { packBodySchema, type PackContent } from '@carabala/contracts';
import type { Pack } from '@carabala/contracts/catalogue';
import { describe, expect, it } from 'vitest';
import { drawnArt } from '@/features/store/drawn-art';
import { runningSale, stillShown, timeLeft } from '@/features/store/offer';
import { bodyOf, emptyOption, emptyPack, valuesOf } from '@/features/store/admin/pack-values';

const pack: Pack = {
  id: 10_001,
  title: 'Gói Đêm Hội',
  price: 200_000,
  tab: 'flash-sale',
  art: null,
  isSelect: false,
  items: [{ itemId: 'diamond', quantity: 500 }],
  sale: { price: 99_000, startsAt: '2026-11-26T13:00:00Z', endsAt: '2026-11-28T16:14:05Z' },
  visibleUntil: '2026-11-30T17:00:00Z',
};

describe('offers with time', () => {
  it('counts down as "Còn 2 ngày 03:14:05", without days under a day, never below zero', () => {
    const now = Date.parse('2026-11-26T13:00:00Z');
    expect(timeLeft(pack.sale!.endsAt, now)).toEqual({ days: 2, clock: '03:14:05' });
    expect(timeLeft(pack.sale!.endsAt, Date.parse('2026-11-28T16:14:04Z'))).toEqual({ days: 0, clock: '00:00:01' });
    expect(timeLeft(pack.sale!.endsAt, Date.parse('2026-11-29T00:00:00Z'))).toEqual({ days: 0, clock: '00:00:00' });
  });

  it('runs a sale from its start (included) to its end (excluded), and hides the pack at its window end', () => {
    expect(runningSale(pack, Date.parse('2026-11-26T12:59:59Z'))).toBeNull();
    expect(runningSale(pack, Date.parse('2026-11-26T13:00:00Z'))).toEqual(pack.sale);
    expect(runningSale(pack, Date.parse('2026-11-28T16:14:05Z'))).toBeNull();
    expect(stillShown(pack, Date.parse('2026-11-30T16:59:59Z'))).toBe(true);
    expect(stillShown(pack, Date.parse('2026-11-30T17:00:00Z'))).toBe(false);
  });

  it('draws a pack without pictures the same way every time, each pack its own', () => {
    expect(drawnArt(pack, 'thumbnail')).toBe(drawnArt(pack, 'thumbnail'));
    expect(drawnArt(pack, 'thumbnail')).not.toBe(drawnArt({ ...pack, id: 10_002 }, 'thumbnail'));
    expect(drawnArt(pack, 'banner')).toMatch(/^data:image\/svg\+xml;charset=utf-8,/);
    expect(decodeURIComponent(drawnArt(pack, 'thumbnail'))).toContain('×500');
  });
});

describe("the console's pack form", () => {
  it('sends Vietnam wall-clock times typed dd/mm/yyyy HH:mm with their offset and a body the API schema takes', () => {
    const values = {
      ...emptyPack,
      title: 'Gói Đêm Hội',
      tab: 'flash-sale' as const,
      price: '200000',
      items: [{ itemId: 'diamond', quantity: '500' }],
      visibleFrom: '26/11/2026 20:00',
      onSale: true,
      sale: { price: '99000', startsAt: '26/11/2026 20:00', endsAt: '28/11/2026 23:59' },
    };
    const body = packBodySchema.parse(bodyOf(values, undefined));
    expect(body).toMatchObject({
      price: 200_000,
      items: [{ itemId: 'diamond', quantity: 500 }],
      visibleFrom: '2026-11-26T20:00:00+07:00',
      visibleUntil: null,
      limit: null,
      stock: null,
      art: null,
      sale: { price: 99_000, startsAt: '2026-11-26T20:00:00+07:00', endsAt: '2026-11-28T23:59:00+07:00' },
    });
    expect(packBodySchema.safeParse(bodyOf({ ...values, price: '' }, undefined)).error?.issues[0]?.path).toEqual([
      'price',
    ]);
  });

  it("keeps a gold limit's group, and a selectable pack's option ids, order and groups when saving", () => {
    const gold: PackContent = {
      title: 'Gói Vàng Tháng',
      tab: 'tieu-bieu',
      price: 249_000,
      items: [{ itemId: 'gold', quantity: 2_000_000 }],
      options: null,
      art: null,
      limit: { kind: 'monthly', group: 'gold' },
      stock: null,
      sortOrder: 40,
      visibleFrom: null,
      visibleUntil: '2026-12-31T16:59:00.000Z',
      sale: null,
    };
    const values = valuesOf(gold);
    expect(values.visibleUntil).toBe('31/12/2026 23:59');
    expect(bodyOf({ ...values, title: 'Gói mới' }, gold)).toMatchObject({ title: 'Gói mới', limit: { group: 'gold' } });

    const draft: PackContent = {
      ...gold,
      title: 'Gói Bốc Thăm Tùy Chọn',
      tab: 'boc-tham',
      price: 49_000,
      items: [],
      limit: null,
      options: [
        { id: 44, title: 'A', value: 49_000, items: [{ itemId: 'lucky_ticket', quantity: 6 }] },
        {
          id: 4445,
          title: 'B',
          value: 109_000,
          items: [{ itemId: 'lucky_chest', quantity: 2 }],
          limit: { kind: 'daily', count: 1, group: 'gold' },
          banner: '/shop/banner-4445.webp',
        },
      ],
    };
    const selectable = valuesOf(draft);
    expect(selectable).toMatchObject({ selectable: true, options: [{ productId: '44' }, { productId: '4445' }] });
    // B moved first at a new price, A removed, a new option added last: ids kept, the new one without.
    const [a, b] = selectable.options;
    const edited = {
      ...selectable,
      options: [
        { ...b!, value: '99000' },
        { ...emptyOption(), title: 'C', value: '59000', items: [{ itemId: 'gold', quantity: '10' }] },
      ],
    };
    const body = packBodySchema.parse(bodyOf(edited, draft));
    expect(body).toMatchObject({ price: 59_000, items: [], limit: null, sale: null });
    expect(body.options).toEqual([
      { ...draft.options![1], value: 99_000 },
      { title: 'C', value: 59_000, items: [{ itemId: 'gold', quantity: 10 }], limit: null, banner: null },
    ]);
    expect(a!.productId).toBe('44');
    // An option without a price is refused on its own input; one option is not a selectable pack.
    const pathsOf = (options: typeof edited.options) =>
      packBodySchema
        .safeParse(bodyOf({ ...edited, options }, draft))
        .error?.issues.map((issue) => issue.path.join('.'));
    expect(pathsOf([{ ...b!, value: '' }, edited.options[1]!])).toEqual(['options.0.value']);
    expect(pathsOf([b!])).toEqual(['options']);
  });
});
