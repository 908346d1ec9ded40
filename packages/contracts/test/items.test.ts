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

  // Whether the game lists an id is the API's check against its copy (apps/api/test/game-items.test.ts).
  it("accepts any id of the game's shape, with Vietnamese messages", () => {
    expect(itemIdSchema.parse(' diamond ')).toBe('diamond');
    expect(itemIdSchema.parse('dragon_egg')).toBe('dragon_egg');
    const messages = (value: string) => itemIdSchema.safeParse(value).error?.issues.map((issue) => issue.message);
    expect(messages('Kim cương')).toEqual([itemMessages.unknown]);
    expect(messages('toString')).toEqual([itemMessages.unknown]);
    expect(messages('x'.repeat(65))).toEqual([itemMessages.unknown]);
    expect(messages('')).toEqual([itemMessages.required]);
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

  it("names an item by the game's names first, then the embedded list's", () => {
    const names = { dragon_egg: 'Trứng Rồng', gold: 'Vàng ròng' };
    expect(
      formatItems(
        [
          { itemId: 'dragon_egg', quantity: 1 },
          { itemId: 'gold', quantity: 2 },
          { itemId: 'diamond', quantity: 3 },
        ],
        names,
      ),
    ).toBe('1 × Trứng Rồng, 2 × Vàng ròng, 3 × Kim cương');
    expect(itemLabel('toString', names)).toBe('toString');
  });
});
