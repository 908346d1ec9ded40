import { describe, expect, it } from 'vitest';
import { purchasableOf, purchaseLimitResetsAt, purchaseLimitSlot, type Pack } from '../src/catalogue';
import { formatItem, formatItems, vietnamHourDay } from '../src/labels';
import { purchaseBodySchema, purchaseFormSchema, storeMessages, stripIdPrefix } from '../src/store';
import { vietnamese } from './vietnamese';

describe('purchase limit slots', () => {
  // The seeded packs themselves are checked on the database: apps/api/test/catalogue-seed.test.ts.
  it('counts flash sale by Vietnam day and gold packs by Vietnam month', () => {
    // 18:30 UTC is already the next day in Vietnam.
    const late = new Date('2026-01-31T18:30:00Z');
    expect(purchaseLimitSlot(201, { kind: 'daily' }, late)).toEqual({ key: 'daily:201', period: '2026-02-01' });
    expect(purchaseLimitSlot(105, { kind: 'monthly', group: 'gold' }, late)).toEqual({
      key: 'gold:105',
      period: '2026-02',
    });
  });

  it('counts weeks from Monday in Vietnam time, event windows by their start, and ever once', () => {
    // Sunday 2026-02-01 23:30 in Vietnam is still ISO week 5; Monday 00:30 is week 6.
    expect(purchaseLimitSlot(7, { kind: 'weekly' }, new Date('2026-02-01T16:30:00Z')).period).toBe('2026-W05');
    expect(purchaseLimitSlot(7, { kind: 'weekly' }, new Date('2026-02-01T17:30:00Z')).period).toBe('2026-W06');
    // 2027-01-01 is a Friday: it belongs to the last ISO week of 2026.
    expect(purchaseLimitSlot(7, { kind: 'weekly' }, new Date('2027-01-01T05:00:00Z')).period).toBe('2026-W53');
    const start = '2026-11-20T13:00:00Z';
    const slot = purchaseLimitSlot(7, { kind: 'window' }, new Date('2026-11-21T00:00:00Z'), start);
    expect(slot.key).toBe('window:7');
    expect(slot.period.length).toBeLessThanOrEqual(10);
    expect(parseInt(slot.period, 36) * 1000).toBe(Date.parse(start));
    expect(purchaseLimitSlot(7, { kind: 'ever' }, new Date())).toEqual({ key: 'ever:7', period: 'ever' });
    expect(purchaseLimitSlot(7, { kind: 'monthly' }, new Date('2026-03-05T00:00:00Z')).key).toBe('monthly:7');
  });

  it('prices a plain pack at its sale price while the sale runs, from start to end', () => {
    const pack: Pack = {
      id: 9,
      title: 'Gói thử',
      price: 100_000,
      tab: 'flash-sale',
      art: null,
      isSelect: false,
      items: [{ itemId: 'diamond', quantity: 1 }],
      sale: { price: 60_000, startsAt: '2026-11-21T13:00:00Z', endsAt: '2026-11-21T14:00:00Z' },
    };
    const priceAt = (iso: string) => purchasableOf(pack, 9, new Date(iso))!.price;
    expect(priceAt('2026-11-21T12:59:59.999Z')).toBe(100_000);
    expect(priceAt('2026-11-21T13:00:00Z')).toBe(60_000);
    expect(priceAt('2026-11-21T13:59:59.999Z')).toBe(60_000);
    expect(priceAt('2026-11-21T14:00:00Z')).toBe(100_000);
    expect(purchasableOf(pack, 10, new Date())).toBeUndefined();
  });
});

describe('purchase schemas', () => {
  it('uses the messages of the description', () => {
    expect(vietnamese(purchaseFormSchema.safeParse({ shortId: '', productId: 1 }).error!.issues[0]!)).toBe(
      'Vui lòng nhập User ID.',
    );
    expect(vietnamese(purchaseFormSchema.safeParse({ shortId: '12345678901', productId: 1 }).error!.issues[0]!)).toBe(
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
    expect(purchaseLimitResetsAt({ kind: 'daily' }, late)!.toISOString()).toBe('2026-02-01T17:00:00.000Z');
    expect(purchaseLimitResetsAt({ kind: 'monthly', group: 'gold' }, late)!.toISOString()).toBe(
      '2026-02-28T17:00:00.000Z',
    );
    // 16:59 UTC on 31 December is still 23:59 in Vietnam: the year turns over.
    const lastMinute = new Date('2026-12-31T16:59:00Z');
    expect(vietnamHourDay(purchaseLimitResetsAt({ kind: 'daily' }, lastMinute)!)).toEqual({
      time: '00:00',
      day: '01/01',
    });
    expect(purchaseLimitResetsAt({ kind: 'monthly', group: 'gold' }, lastMinute)!.toISOString()).toBe(
      '2026-12-31T17:00:00.000Z',
    );
    expect(vietnamHourDay(new Date('2026-11-26T17:00:00Z'))).toEqual({ time: '00:00', day: '27/11' });
    // Weekly: the next Monday 00:00 in Vietnam (Saturday 2026-11-21 → Monday 2026-11-23); ever: never.
    expect(purchaseLimitResetsAt({ kind: 'weekly' }, new Date('2026-11-21T05:00:00Z'))!.toISOString()).toBe(
      '2026-11-22T17:00:00.000Z',
    );
    expect(purchaseLimitResetsAt({ kind: 'ever' }, late)).toBeNull();
    expect(purchaseLimitResetsAt({ kind: 'window' }, late, '2026-02-02T00:00:00Z')!.toISOString()).toBe(
      '2026-02-02T00:00:00.000Z',
    );
  });

  it('names the receiver and the reset in the limit refusal', () => {
    const { key, params } = storeMessages.productLimited('8805678', { time: '00:00', day: '27/11' });
    expect(vietnamese({ message: key, params })).toBe(
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
