import { describe, expect, it } from 'vitest';
import {
  catalogue,
  findPurchasable,
  packOfProduct,
  purchaseLimitResetsAt,
  purchaseLimitSlot,
  storeTabs,
} from '../src/catalogue';
import { formatItem, formatItems, formatVietnamHourDay, itemLabels } from '../src/labels';
import { purchaseBodySchema, purchaseFormSchema, storeMessages, stripIdPrefix } from '../src/store';

describe('catalogue', () => {
  it('fills the six tabs with unique ids and the example prices', () => {
    for (const tab of storeTabs) expect(catalogue.some((pack) => pack.tab === tab)).toBe(true);
    const ids = catalogue.flatMap((pack) => [pack.id, ...(pack.options ?? []).map((option) => option.id)]);
    const purchasable = ids.filter((id) => findPurchasable(id));
    expect(new Set(purchasable).size).toBe(new Set(ids).size);
    const prices = new Set(catalogue.flatMap((pack) => [pack.price, ...(pack.options ?? []).map((o) => o.value)]));
    for (const price of [49_000, 79_000, 109_000, 129_000, 249_000, 299_000, 499_000, 799_000, 1_299_000, 2_499_000]) {
      expect(prices.has(price)).toBe(true);
    }
  });

  it('names every item a pack delivers', () => {
    const items = catalogue.flatMap((pack) => [...pack.items, ...(pack.options ?? []).flatMap((o) => o.items)]);
    for (const entry of items) expect(itemLabels[entry.itemId], entry.itemId).toBeTruthy();
  });

  it('resolves the combined packs 4445 and 4647 to their selectable cards', () => {
    expect(findPurchasable(4445)).toMatchObject({ packId: 44, price: 109_000 });
    expect(findPurchasable(4647)?.items).toHaveLength(2);
    expect(packOfProduct(45)?.id).toBe(44);
    expect(findPurchasable(9999)).toBeUndefined();
  });

  it('counts flash sale by Vietnam day and gold packs by Vietnam month', () => {
    // 18:30 UTC is already the next day in Vietnam.
    const late = new Date('2026-01-31T18:30:00Z');
    expect(purchaseLimitSlot(201, { kind: 'daily' }, late)).toEqual({ key: 'daily:201', period: '2026-02-01' });
    expect(purchaseLimitSlot(105, { kind: 'monthly', group: 'gold' }, late)).toEqual({
      key: 'gold:105',
      period: '2026-02',
    });
  });
});

describe('purchase schemas', () => {
  it('uses the messages of the description', () => {
    expect(purchaseFormSchema.safeParse({ shortId: '', productId: 1 }).error?.issues[0]?.message).toBe(
      'Vui lòng nhập User ID.',
    );
    expect(purchaseFormSchema.safeParse({ shortId: '12345678901', productId: 1 }).error?.issues[0]?.message).toBe(
      'Vui lòng nhập trong khoảng 0-10 kí tự.',
    );
  });

  it("removes the 'ID: ' prefix before sending", () => {
    expect(purchaseFormSchema.parse({ shortId: 'ID: 8805678', productId: 602 }).shortId).toBe('8805678');
    expect(stripIdPrefix('ID: 8801234')).toBe('8801234');
    expect(stripIdPrefix(' 8801234 ')).toBe('8801234');
    expect(purchaseBodySchema.parse({ shortId: 'ID: 8801234567', productId: '101' })).toEqual({
      shortId: '8801234567',
      productId: 101,
    });
  });
});

describe('purchase limit resets', () => {
  it('resets a daily limit at the next Vietnam midnight, a monthly one on the first of next month', () => {
    // 18:30 UTC on 31 January is 01:30 on 1 February in Vietnam.
    const late = new Date('2026-01-31T18:30:00Z');
    expect(purchaseLimitResetsAt({ kind: 'daily' }, late).toISOString()).toBe('2026-02-01T17:00:00.000Z');
    expect(purchaseLimitResetsAt({ kind: 'monthly', group: 'gold' }, late).toISOString()).toBe(
      '2026-02-28T17:00:00.000Z',
    );
    // 16:59 UTC on 31 December is still 23:59 in Vietnam: the year turns over.
    const lastMinute = new Date('2026-12-31T16:59:00Z');
    expect(formatVietnamHourDay(purchaseLimitResetsAt({ kind: 'daily' }, lastMinute))).toBe('00:00 ngày 01/01');
    expect(purchaseLimitResetsAt({ kind: 'monthly', group: 'gold' }, lastMinute).toISOString()).toBe(
      '2026-12-31T17:00:00.000Z',
    );
    expect(formatVietnamHourDay(new Date('2026-11-26T17:00:00Z'))).toBe('00:00 ngày 27/11');
  });

  it('names the receiver and the reset in the limit refusal', () => {
    expect(storeMessages.productLimited('8805678', '00:00 ngày 27/11')).toBe(
      'User ID 8805678 đã đạt giới hạn mua gói này; giới hạn được đặt lại vào 00:00 ngày 27/11 (giờ Việt Nam)',
    );
  });
});

describe('item quantities', () => {
  it('writes quantities with comma thousands separators before the item name', () => {
    expect(
      formatItems([
        { itemId: 'gold', quantity: 300_000 },
        { itemId: 'hero_chest', quantity: 10 },
      ]),
    ).toBe('300,000 × Vàng, 10 × Rương tướng');
    expect(formatItem({ itemId: 'unknown_thing', quantity: 1_000 })).toBe('1,000 × unknown_thing');
  });
});
