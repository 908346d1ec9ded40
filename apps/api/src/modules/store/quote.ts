import { limitCount, purchaseLimitSlot } from '@carabala/contracts/catalogue';
import {
  quote,
  unknownStanding,
  type PackQuotes,
  type Quote,
  type QuoteMoment,
  type QuoteStanding,
  type QuoteTier,
} from '@carabala/contracts';
import type { Db, Tx } from '../../lib/deps';
import { findPackProductsOnSale, type ProductOnSale } from '../catalogue';
import { countLimitUses, countPackSales } from '../orders';

/** What the promotions module hands the quote (injected by services.ts): the moment, and a receiver's counts. */
export interface PromotionQuoteInputs {
  momentAt: (at: Date) => Promise<QuoteMoment>;
  standingOf: (
    receiverId: string | null,
    moment: QuoteMoment,
  ) => Promise<Pick<QuoteStanding, 'paidBefore' | 'claims' | 'spent'>>;
  /** The published points rate (the points module's, decision record 060): the points an offer earns. */
  pointsRate?: () => Promise<number | null>;
}

/** What the vip module hands the quote (injected by services.ts): a receiver's tier perks, the tier-only ids. */
export type TierQuoteInputs = (
  receiverId: string | null,
  at: Date,
) => Promise<{ tier: QuoteTier | null; tierOnly: ReadonlySet<number> }>;

/** The slot a limited product is counted in at `now`, and how many purchases it allows. */
export function limitSlotOf(product: ProductOnSale, now: Date) {
  const limit = product.limit!;
  return { ...purchaseLimitSlot(product.productId, limit, now, product.window.start), count: limitCount(limit) };
}

/** The counts of one product for one receiver (null: anyone): their uses of its limit, its pack's units taken. */
async function productCounts(db: Db | Tx, product: ProductOnSale, receiverId: string | null, now: Date) {
  const slot = product.limit && receiverId ? limitSlotOf(product, now) : null;
  return {
    limitUsed: slot ? await countLimitUses(db, receiverId!, slot.key, slot.period) : 0,
    stockTaken: product.stock !== null ? await countPackSales(db, product.packId, now) : 0,
  };
}

/** The moment at `now` and the receiver's (null: anyone's) promotion counts: what every product's quote shares. */
export async function quoteInputsOf(
  { promotions, tiers }: { promotions: PromotionQuoteInputs; tiers: TierQuoteInputs },
  receiverId: string | null,
  now: Date,
) {
  const moment = await promotions.momentAt(now);
  const { tier, tierOnly } = await tiers(receiverId, now);
  const pointsRate = promotions.pointsRate ? await promotions.pointsRate() : null;
  return {
    moment,
    standing: { ...unknownStanding, ...(await promotions.standingOf(receiverId, moment)), tier, pointsRate },
    tierOnly,
  };
}
export type QuoteInputs = Awaited<ReturnType<typeof quoteInputsOf>>;

/**
 * The quote of one product for one receiver (null: anyone) at `now` (decision record 058): the counts it
 * needs are read here (the receiver's uses of its limit, its pack's units taken), the promotions' are in
 * `inputs`, then `quote` decides. On a `tx`, they are counted under the caller's locks.
 */
export async function quoteProduct(
  db: Db | Tx,
  inputs: QuoteInputs,
  product: ProductOnSale,
  receiverId: string | null,
  now: Date,
): Promise<Quote> {
  const tierOnly = inputs.tierOnly.has(product.packId) || inputs.tierOnly.has(product.productId);
  return quote(
    { ...product.offer, tierOnly },
    { ...inputs.standing, ...(await productCounts(db, product, receiverId, now)) },
    inputs.moment,
  );
}

/** The quotes of every product of a pack on sale now, for one receiver (null: anyone); none when it does not show. */
export async function quotePack(
  db: Db,
  sources: { promotions: PromotionQuoteInputs; tiers: TierQuoteInputs },
  packId: number,
  receiverId: string | null,
): Promise<PackQuotes> {
  const now = new Date();
  const products = await findPackProductsOnSale(db, packId, now);
  if (products.length === 0) return { quotes: [] };
  const inputs = await quoteInputsOf(sources, receiverId, now);
  const quotes: Quote[] = [];
  for (const product of products) quotes.push(await quoteProduct(db, inputs, product, receiverId, now));
  return { quotes };
}
