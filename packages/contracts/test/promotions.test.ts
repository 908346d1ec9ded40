import { describe, expect, it } from 'vitest';
import { promotionBodySchema, promotionBonus, promotionTargets, sumItems } from '../src/promotions';

describe('promotion rules both sides compute', () => {
  const items = [
    { itemId: 'diamond', quantity: 330 },
    { itemId: 'gold', quantity: 9 },
  ];

  it('a bonus window gives +N% of each item, rounded down, dropping what rounds to nothing', () => {
    const window = { kind: 'bonus_window' as const, double: false, items: [], percent: 10 };
    expect(promotionBonus(window, items)).toEqual([{ itemId: 'diamond', quantity: 33 }]);
  });

  it('a first top-up gives the contents again and its items, added up by item', () => {
    const first = {
      kind: 'first_topup' as const,
      double: true,
      items: [{ itemId: 'gold', quantity: 1 }],
      percent: null,
    };
    expect(promotionBonus(first, items)).toEqual([
      { itemId: 'diamond', quantity: 330 },
      { itemId: 'gold', quantity: 10 },
    ]);
    expect(sumItems(items, [{ itemId: 'diamond', quantity: 0 }])).toEqual(items);
  });

  it('targets by pack, option, tab, or every pack when none is named', () => {
    const pack = { packId: 44, productId: 4445, tab: 'boc-tham' };
    expect(promotionTargets({ packIds: [], tabs: [] }, pack)).toBe(true);
    expect(promotionTargets({ packIds: [4445], tabs: [] }, pack)).toBe(true);
    expect(promotionTargets({ packIds: [], tabs: ['boc-tham'] }, pack)).toBe(true);
    expect(promotionTargets({ packIds: [601], tabs: ['tien-te'] }, pack)).toBe(false);
  });

  it('refuses milestones given twice and a window that ends before it starts', () => {
    const result = promotionBodySchema.safeParse({
      kind: 'spend_milestones',
      title: 'Mốc nạp',
      startsAt: '2026-12-01T20:00:00+07:00',
      endsAt: '2026-12-01T19:00:00+07:00',
      milestones: [
        { threshold: 200_000, items: [{ itemId: 'gold', quantity: 1 }] },
        { threshold: 200_000, items: [{ itemId: 'gold', quantity: 2 }] },
      ],
    });
    expect(result.success).toBe(false);
    const paths = result.error!.issues.map((issue) => issue.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['endsAt', 'milestones']));
  });
});
