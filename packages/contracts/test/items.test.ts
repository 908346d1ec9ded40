import { describe, expect, it } from 'vitest';
import { itemIds, items } from '../src/catalogue';
import { itemIdSchema, itemMessages } from '../src/items';
import { formatItem, formatItems, itemLabel, itemLabels } from '../src/labels';

describe('the item catalogue', () => {
  // That every seeded pack delivers listed items: apps/api/test/catalogue-seed.test.ts.
  it('lists each id once, with a Vietnamese label', () => {
    expect(new Set(itemIds).size).toBe(items.length);
    for (const entry of items) expect(itemLabels[entry.id]).toBe(entry.label);
  });

  it('accepts known ids only, with Vietnamese messages', () => {
    expect(itemIdSchema.parse(' diamond ')).toBe('diamond');
    expect(itemIdSchema.safeParse('gem').error?.issues.map((issue) => issue.message)).toEqual([itemMessages.unknown]);
    expect(itemIdSchema.safeParse('').error?.issues.map((issue) => issue.message)).toEqual([itemMessages.required]);
    expect(itemIdSchema.safeParse('toString').success).toBe(false);
  });

  it('shows "1,000 × Kim cương", and an unknown stored id as itself', () => {
    expect(formatItem({ itemId: 'diamond', quantity: 1000 })).toBe('1,000 × Kim cương');
    expect(
      formatItems([
        { itemId: 'gem', quantity: 1000 },
        { itemId: 'gold', quantity: 300_000 },
      ]),
    ).toBe('1,000 × gem, 300,000 × Vàng');
    expect(itemLabel('constructor')).toBe('constructor');
  });
});
