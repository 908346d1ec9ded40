import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { limitKinds, storeTabs } from '../src/catalogue';
import { promotionKinds } from '../src/promotions';
import {
  promotionRunning,
  quote,
  quoteBonusItems,
  unknownStanding,
  type QuoteProduct,
  type QuotePromotion,
  type QuoteStanding,
} from '../src/quote';
import { quoteSchema } from '../src/quote-schemas';

const DAY = 86_400_000;
const BASE = Date.parse('2026-11-01T00:00:00Z');
const instant = fc.integer({ min: BASE, max: BASE + 60 * DAY });
const iso = (at: number) => new Date(at).toISOString();

const item = fc.record({
  itemId: fc.constantFrom('diamond', 'gold', 'stamina', 'hero_chest'),
  quantity: fc.integer({ min: 1, max: 100_000 }),
});
const items = fc.array(item, { minLength: 1, maxLength: 4 });
const window = fc.tuple(instant, fc.integer({ min: 1, max: 20 * DAY })).map(([start, length]) => ({
  startsAt: iso(start),
  endsAt: iso(start + length),
}));

const product: fc.Arbitrary<QuoteProduct> = fc.record({
  productId: fc.integer({ min: 1, max: 50 }),
  packId: fc.integer({ min: 1, max: 50 }),
  tab: fc.constantFrom(...storeTabs),
  title: fc.string({ minLength: 1, maxLength: 20 }),
  price: fc.integer({ min: 1_000, max: 10_000_000 }),
  sale: fc.option(
    fc.tuple(window, fc.integer({ min: 1_000, max: 20_000_000 })).map(([span, price]) => ({ ...span, price })),
    { nil: null },
  ),
  items,
  limit: fc.option(fc.record({ kind: fc.constantFrom(...limitKinds), count: fc.integer({ min: 1, max: 5 }) }), {
    nil: null,
  }),
  stock: fc.option(fc.integer({ min: 0, max: 100 }), { nil: null }),
  tierOnly: fc.boolean(),
});

const promotion: fc.Arbitrary<QuotePromotion> = fc
  .record({
    id: fc.integer({ min: 1, max: 20 }),
    kind: fc.constantFrom(...promotionKinds),
    title: fc.string({ maxLength: 10 }),
    span: window,
    packIds: fc.array(fc.integer({ min: 1, max: 50 }), { maxLength: 3 }),
    tabs: fc.array(fc.constantFrom(...storeTabs), { maxLength: 2 }),
    perPlayerCap: fc.integer({ min: 1, max: 3 }),
    double: fc.boolean(),
    items: fc.array(item, { maxLength: 2 }),
    percent: fc.option(fc.integer({ min: 1, max: 1_000 }), { nil: null }),
    milestones: fc.array(
      fc.record({ threshold: fc.integer({ min: 1_000, max: 5_000_000 }), items: fc.array(item, { maxLength: 2 }) }),
      { maxLength: 3 },
    ),
  })
  .map(({ span, ...rest }) => ({ ...rest, ...span }));

const count = fc.integer({ min: 0, max: 200 });
const standing: fc.Arbitrary<QuoteStanding> = fc.record({
  limitUsed: count,
  stockTaken: count,
  paidBefore: fc.boolean(),
  claims: fc.dictionary(fc.integer({ min: 1, max: 20 }).map(String), count) as fc.Arbitrary<Record<number, number>>,
  spent: fc.dictionary(
    fc.integer({ min: 1, max: 20 }).map(String),
    fc.integer({ min: 0, max: 10_000_000 }),
  ) as fc.Arbitrary<Record<number, number>>,
  tier: fc.option(
    fc.record({
      bonusPercent: fc.integer({ min: 0, max: 100 }),
      packIds: fc.array(fc.integer({ min: 1, max: 50 }), { maxLength: 3 }),
    }),
    { nil: null },
  ),
  pointsRate: fc.option(fc.double({ min: 0, max: 50, noNaN: true }), { nil: null }),
});
const moment = fc.record({ at: instant, promotions: fc.array(promotion, { maxLength: 4 }) });
const inputs = fc.tuple(product, standing, moment);

describe('quote: the rules of one offer', () => {
  it('a sale never raises a price, and the price is the list price or the running sale’s', () => {
    fc.assert(
      fc.property(inputs, ([p, s, m]) => {
        const offer = quote(p, s, m);
        expect(offer.price).toBeLessThanOrEqual(p.price);
        expect(offer.listPrice).toBe(p.price);
        if (offer.sale) expect(offer.price).toBe(p.sale!.price);
        else expect(offer.price).toBe(p.price);
      }),
    );
  });

  it('a sale applies only inside its window', () => {
    fc.assert(
      fc.property(inputs, ([p, s, m]) => {
        const offer = quote(p, s, m);
        if (offer.sale) expect(promotionRunning(p.sale!, m.at)).toBe(true);
      }),
    );
  });

  it('a bonus or a milestone never applies outside its promotion’s window, nor to a pack it does not name', () => {
    fc.assert(
      fc.property(inputs, ([p, s, m]) => {
        const offer = quote(p, s, m);
        for (const given of [...offer.bonuses, ...offer.milestones]) {
          const source = m.promotions.filter((candidate) => candidate.id === given.promotionId);
          expect(source.some((candidate) => promotionRunning(candidate, m.at))).toBe(true);
        }
      }),
    );
  });

  it('with no promotion running at the moment, there is no bonus and no milestone', () => {
    fc.assert(
      fc.property(inputs, ([p, s, m]) => {
        const after = Math.max(...m.promotions.map((candidate) => Date.parse(candidate.endsAt)), m.at);
        const offer = quote(p, s, { ...m, at: after });
        expect(offer.bonuses).toEqual([]);
        expect(offer.milestones).toEqual([]);
      }),
    );
  });

  it('a first top-up never applies to a receiver who has paid before; a bonus window stops at its cap', () => {
    fc.assert(
      fc.property(inputs, ([p, s, m]) => {
        const offer = quote(p, { ...s, paidBefore: true }, m);
        expect(offer.bonuses.some((bonus) => bonus.kind === 'first_topup')).toBe(false);
        const capped = Object.fromEntries(m.promotions.map((candidate) => [candidate.id, 1_000]));
        expect(quote(p, { ...s, claims: capped }, m).bonuses.some((bonus) => bonus.kind === 'bonus_window')).toBe(
          false,
        );
      }),
    );
  });

  it('the limit left and the stock left never go below zero, nor above what is allowed', () => {
    fc.assert(
      fc.property(inputs, ([p, s, m]) => {
        const offer = quote(p, s, m);
        if (offer.limit) {
          expect(offer.limit.left).toBeGreaterThanOrEqual(0);
          expect(offer.limit.left).toBeLessThanOrEqual(offer.limit.count);
        } else expect(p.limit).toBeNull();
        if (offer.stock) {
          expect(offer.stock.left).toBeGreaterThanOrEqual(0);
          expect(offer.stock.left).toBeLessThanOrEqual(p.stock!);
        } else expect(p.stock).toBeNull();
        if (offer.refusal === null) {
          expect(offer.limit?.left ?? 1).toBeGreaterThan(0);
          expect(offer.stock?.left ?? 1).toBeGreaterThan(0);
        }
      }),
    );
  });

  it('the points are a non-negative whole number, and none without a points rate', () => {
    fc.assert(
      fc.property(inputs, ([p, s, m]) => {
        const offer = quote(p, s, m);
        expect(Number.isInteger(offer.points)).toBe(true);
        expect(offer.points).toBeGreaterThanOrEqual(0);
        expect(quote(p, { ...s, pointsRate: null }, m).points).toBe(0);
      }),
    );
  });

  it('a tier-only pack is refused to a receiver whose tier does not name it, and no tier gives no tier bonus', () => {
    fc.assert(
      fc.property(inputs, ([p, s, m]) => {
        const offer = quote({ ...p, tierOnly: true }, { ...s, tier: null }, m);
        expect(offer.refusal).toBe('tier_only');
        expect(offer.tierBonus).toEqual([]);
      }),
    );
  });

  it('is deterministic, whole and matches the schema the API answers with', () => {
    fc.assert(
      fc.property(inputs, ([p, s, m]) => {
        const offer = quote(p, s, m);
        expect(quote(structuredClone(p), structuredClone(s), structuredClone(m))).toEqual(offer);
        expect(quoteSchema.safeParse(offer).success).toBe(true);
        for (const given of quoteBonusItems(offer)) expect(given.quantity).toBeGreaterThan(0);
      }),
    );
  });
});

describe('quote: examples', () => {
  const pack: QuoteProduct = {
    productId: 9,
    packId: 9,
    tab: 'tien-te',
    title: 'Gói 100 kim cương',
    price: 100_000,
    sale: { price: 80_000, startsAt: '2026-11-10T00:00:00Z', endsAt: '2026-11-11T00:00:00Z' },
    items: [{ itemId: 'diamond', quantity: 100 }],
    limit: { kind: 'daily', count: 2 },
    stock: 10,
  };
  const bonusWindow: QuotePromotion = {
    id: 1,
    kind: 'bonus_window',
    title: 'Nạp thêm 10%',
    startsAt: '2026-11-10T12:00:00Z',
    endsAt: '2026-11-12T00:00:00Z',
    packIds: [],
    tabs: [],
    perPlayerCap: 1,
    double: false,
    items: [],
    percent: 10,
    milestones: [],
  };
  const milestones: QuotePromotion = {
    ...bonusWindow,
    id: 2,
    kind: 'spend_milestones',
    percent: null,
    milestones: [{ threshold: 150_000, items: [{ itemId: 'gold', quantity: 5 }] }],
  };

  it('prices the sale, counts the limit and stock, gives the bonus window and the milestone passed', () => {
    const at = Date.parse('2026-11-10T13:00:00Z');
    const offer = quote(
      pack,
      { ...unknownStanding, limitUsed: 1, stockTaken: 3, spent: { 2: 100_000 }, pointsRate: 10 },
      { at, promotions: [bonusWindow, milestones] },
    );
    expect(offer).toMatchObject({
      price: 80_000,
      sale: { price: 80_000, endsAt: '2026-11-11T00:00:00Z' },
      limit: { kind: 'daily', count: 2, used: 1, left: 1 },
      stock: { total: 10, left: 7 },
      refusal: null,
      bonuses: [{ promotionId: 1, items: [{ itemId: 'diamond', quantity: 10 }] }],
      milestones: [{ promotionId: 2, threshold: 150_000 }],
      points: 800,
    });
  });

  it('before the bonus window and the sale: the list price and no bonus; a used limit is refused', () => {
    const offer = quote(
      pack,
      { ...unknownStanding, limitUsed: 2 },
      { at: Date.parse('2026-11-09T00:00:00Z'), promotions: [bonusWindow] },
    );
    expect(offer).toMatchObject({ price: 100_000, sale: null, bonuses: [], refusal: 'limit_reached', points: 0 });
  });

  it('a tier adds its percentage and sees its tier-only pack', () => {
    const offer = quote(
      { ...pack, tierOnly: true },
      { ...unknownStanding, tier: { bonusPercent: 5, packIds: [9] } },
      { at: Date.parse('2026-11-09T00:00:00Z'), promotions: [] },
    );
    expect(offer.refusal).toBeNull();
    expect(offer.tierBonus).toEqual([{ itemId: 'diamond', quantity: 5 }]);
  });
});
