/**
 * @carabala/contracts/quote: the one rule of what a player pays and gets for a product (issue 41,
 * decision record 058). `quote(product, standing, moment)` is pure: the product as the published
 * catalogue sells it, the receiver's standing (their counts, tier and points rate) and the moment (the
 * time and the promotions published then) decide the price and the sale, the limit left and the stock,
 * the promotion bonuses and the tier perk, and the points earned. The order call stores its result on
 * the order (its snapshot), the dialog reads it per player, and the credit re-checks only what needs a
 * lock. No zod: the store page may import it without the schemas (decision record 052).
 */
import { limitCount, priceAt, type Pack, type PackItem, type PackSale, type PurchaseLimit } from './catalogue';
import { promotionBonus, promotionTargets, sumItems } from './promotion-rules';
import type { PromotionKind } from './promotions';

/** A product as the published catalogue sells it (a plain pack, or one option of a selectable pack). */
export interface QuoteProduct {
  productId: number;
  /** The card that shows it (a selectable pack's id for its options). */
  packId: number;
  tab: string;
  title: string;
  /** Dong, before any sale. */
  price: number;
  /** The pack's sale, running or not (an option has none). */
  sale: PackSale | null;
  items: PackItem[];
  limit: PurchaseLimit | null;
  /** How many units the pack sells in all; null: no stock. */
  stock: number | null;
  /** Sold only to the tiers that name it among their packs. */
  tierOnly?: boolean;
}

/** A tier's perks: a bonus percentage on every pack, and the tier-only packs it sees (by pack or product id). */
export interface QuoteTier {
  bonusPercent: number;
  packIds: number[];
}

/** What is known of the receiver when the quote is made: counts read by the caller, and their perks. */
export interface QuoteStanding {
  /** Paid orders that count towards the product's limit in its current period. */
  limitUsed: number;
  /** Units of the pack's stock taken: paid orders, and unpaid ones still inside their payment window. */
  stockTaken: number;
  /** Whether the receiver already has a paid order (a first top-up no longer applies). */
  paidBefore: boolean;
  /** Bonuses already claimed per promotion id (a bonus window's per-player cap). */
  claims: Record<number, number>;
  /** The receiver's paid total inside each spend-milestones promotion's window, per promotion id. */
  spent: Record<number, number>;
  /** Their VIP tier's perks; null: no tier (today). */
  tier: QuoteTier | null;
  /** Points per 1,000 dong paid; null: no points programme (today). */
  pointsRate: number | null;
}

/** A published promotion, as the quote reads it. */
export interface QuotePromotion {
  id: number;
  kind: PromotionKind;
  title: string;
  startsAt: string;
  endsAt: string;
  packIds: number[];
  tabs: readonly string[];
  perPlayerCap: number;
  double: boolean;
  items: PackItem[];
  percent: number | null;
  milestones: { threshold: number; items: PackItem[] }[];
}

/** The moment of the quote: the time, and the promotions published then (running or not). */
export interface QuoteMoment {
  at: number;
  promotions: QuotePromotion[];
}

export type QuoteRefusal = 'sold_out' | 'limit_reached' | 'tier_only';

export interface QuoteBonus {
  promotionId: number;
  kind: PromotionKind;
  title: string;
  items: PackItem[];
}

/** The whole offer: what the dialog shows, what the order stores and what the credit delivers. */
export interface Quote {
  productId: number;
  packId: number;
  title: string;
  /** When the quote was made (ISO 8601). */
  at: string;
  /** The price before the sale. */
  listPrice: number;
  /** What the player pays. */
  price: number;
  /** The running sale that sets the price; null: none. */
  sale: { price: number; endsAt: string } | null;
  items: PackItem[];
  limit: { kind: PurchaseLimit['kind']; count: number; used: number; left: number } | null;
  stock: { total: number; left: number } | null;
  /** Why the receiver cannot buy it now; null: they can. */
  refusal: QuoteRefusal | null;
  /** What each running first top-up or bonus window adds (decided again, under lock, when paid). */
  bonuses: QuoteBonus[];
  /** What the tier adds: +bonusPercent% of each item, rounded down. */
  tierBonus: PackItem[];
  /** The spend milestones this order would pass, each sent in its own mail. */
  milestones: { promotionId: number; title: string; threshold: number; items: PackItem[] }[];
  /** The points the order earns when paid: a non-negative whole number. */
  points: number;
}

const wholeCount = (value: number) => (Number.isFinite(value) && value > 0 ? Math.floor(value) : 0);

/** Whether a promotion runs at `at` (start included, end excluded). */
export const promotionRunning = (promotion: { startsAt: string; endsAt: string }, at: number) =>
  Date.parse(promotion.startsAt) <= at && at < Date.parse(promotion.endsAt);

/** The price at `at` and the sale that sets it (catalogue's `priceAt`: a sale never raises a price). */
function priceOf(product: QuoteProduct, at: number) {
  const { price, sale } = priceAt(product.price, product.sale, new Date(at));
  return { price, sale: sale ? { price: sale.price, endsAt: sale.endsAt } : null };
}

/** The product `productId` of a store pack, as the quote reads it (undefined: the pack does not sell it). */
export function quoteProductOf(pack: Pack, productId: number, stock: number | null = null): QuoteProduct | undefined {
  const option = pack.isSelect ? pack.options?.find((candidate) => candidate.id === productId) : undefined;
  if (pack.isSelect ? !option : pack.id !== productId) return undefined;
  return {
    productId,
    packId: pack.id,
    tab: pack.tab,
    title: option ? option.title : pack.title,
    price: option ? option.value : pack.price,
    sale: option ? null : (pack.sale ?? null),
    items: option ? option.items : pack.items,
    limit: (option ? option.limit : pack.limit) ?? null,
    stock,
  };
}

function bonusesOf(product: QuoteProduct, standing: QuoteStanding, promotions: QuotePromotion[]): QuoteBonus[] {
  return promotions.flatMap((promotion) => {
    if (promotion.kind === 'spend_milestones') return [];
    if (promotion.kind === 'first_topup' && standing.paidBefore) return [];
    if (promotion.kind === 'bonus_window' && (standing.claims[promotion.id] ?? 0) >= promotion.perPlayerCap) return [];
    const items = promotionBonus(promotion, product.items);
    return items.length ? [{ promotionId: promotion.id, kind: promotion.kind, title: promotion.title, items }] : [];
  });
}

function milestonesOf(standing: QuoteStanding, promotions: QuotePromotion[], price: number) {
  return promotions
    .filter((promotion) => promotion.kind === 'spend_milestones')
    .flatMap((promotion) => {
      const before = standing.spent[promotion.id] ?? 0;
      return promotion.milestones
        .filter((milestone) => milestone.threshold > before && milestone.threshold <= before + price)
        .map((milestone) => ({ promotionId: promotion.id, title: promotion.title, ...milestone }));
    });
}

/** Whether the tier sees a tier-only product. */
const tierSees = (tier: QuoteTier | null, product: QuoteProduct) =>
  tier !== null && (tier.packIds.includes(product.packId) || tier.packIds.includes(product.productId));

/** The one rule of an offer: deterministic for the same product, standing and moment. */
export function quote(product: QuoteProduct, standing: QuoteStanding, moment: QuoteMoment): Quote {
  const { price, sale } = priceOf(product, moment.at);
  const count = product.limit ? limitCount(product.limit) : 0;
  const limit = product.limit
    ? {
        kind: product.limit.kind,
        count,
        used: wholeCount(standing.limitUsed),
        left: Math.max(0, count - wholeCount(standing.limitUsed)),
      }
    : null;
  const stock =
    product.stock === null
      ? null
      : { total: product.stock, left: Math.max(0, product.stock - wholeCount(standing.stockTaken)) };
  const refusal: QuoteRefusal | null =
    product.tierOnly && !tierSees(standing.tier, product)
      ? 'tier_only'
      : stock && stock.left === 0
        ? 'sold_out'
        : limit && limit.left === 0
          ? 'limit_reached'
          : null;
  const running = moment.promotions.filter(
    (promotion) =>
      promotionRunning(promotion, moment.at) &&
      promotionTargets(promotion, { packId: product.packId, productId: product.productId, tab: product.tab }),
  );
  const percent = wholeCount(standing.tier?.bonusPercent ?? 0);
  const tierBonus = percent
    ? sumItems(
        product.items.map((item) => ({ itemId: item.itemId, quantity: Math.floor((item.quantity * percent) / 100) })),
      )
    : [];
  return {
    productId: product.productId,
    packId: product.packId,
    title: product.title,
    at: new Date(moment.at).toISOString(),
    listPrice: product.price,
    price,
    sale,
    items: product.items,
    limit,
    stock,
    refusal,
    bonuses: bonusesOf(product, standing, running),
    tierBonus,
    milestones: milestonesOf(standing, running, price),
    points: standing.pointsRate && standing.pointsRate > 0 ? wholeCount((price * standing.pointsRate) / 1000) : 0,
  };
}

/** Everything the quote adds on top of the product's items: the promotions' bonuses and the tier's. */
export const quoteBonusItems = (offer: Pick<Quote, 'bonuses' | 'tierBonus'>): PackItem[] =>
  sumItems(...offer.bonuses.map((bonus) => bonus.items), offer.tierBonus);

/** The standing of a receiver nothing is known of (a guest looking, before a User ID is given). */
export const unknownStanding: QuoteStanding = {
  limitUsed: 0,
  stockTaken: 0,
  paidBefore: false,
  claims: {},
  spent: {},
  tier: null,
  pointsRate: null,
};
