/**
 * What a promotion gives and to which packs: pure rules, shared by the API (when an order is paid) and
 * the store page (the bonus badges). No zod here, so the store's first load does not ship the schemas;
 * the catalogue entry (`@carabala/contracts/catalogue`) re-exports them.
 */
import type { PromotionKind } from './promotions';

type Item = { itemId: string; quantity: number };
type Targeted = { packIds: number[]; tabs: readonly string[] };

/** Whether a promotion applies to a pack (by its pack id, a product id of it, or its tab; none named: every pack). */
export const promotionTargets = (promotion: Targeted, pack: { packId: number; productId: number; tab: string }) =>
  (promotion.packIds.length === 0 && promotion.tabs.length === 0) ||
  promotion.packIds.includes(pack.packId) ||
  promotion.packIds.includes(pack.productId) ||
  promotion.tabs.includes(pack.tab);

/** The items of `lists` added up by item, in first-seen order, without zero quantities. */
export function sumItems(...lists: Item[][]): Item[] {
  const totals = new Map<string, number>();
  for (const item of lists.flat()) totals.set(item.itemId, (totals.get(item.itemId) ?? 0) + item.quantity);
  return [...totals].filter(([, quantity]) => quantity > 0).map(([itemId, quantity]) => ({ itemId, quantity }));
}

/**
 * What a first top-up or a bonus window gives on an order's items (the pack's contents again and/or
 * items; +percent% of each item rounded down); milestones give no order bonus.
 */
export function promotionBonus(
  promotion: { kind: PromotionKind; double: boolean; items: Item[]; percent: number | null },
  items: Item[],
): Item[] {
  if (promotion.kind === 'first_topup') return sumItems(promotion.double ? items : [], promotion.items);
  if (promotion.kind === 'bonus_window') {
    const percent = promotion.percent ?? 0;
    return sumItems(
      items.map((item) => ({ itemId: item.itemId, quantity: Math.floor((item.quantity * percent) / 100) })),
    );
  }
  return [];
}
