import { describe, expect, it } from 'vitest';
import { catalogue, findPurchasable, packOfProduct, purchaseLimitSlot, storeTabs } from '../src/catalogue';
import { itemLabels } from '../src/labels';
import { purchaseBodySchema, purchaseFormSchema, stripIdPrefix } from '../src/store';

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
