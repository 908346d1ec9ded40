'use client';

import type { StorePromotion } from '@carabala/contracts';
import type { Pack } from '@carabala/contracts/catalogue';
import { formatItems } from '@carabala/contracts/labels';
import { quote, quoteProductOf, unknownStanding, type QuotePromotion } from '@carabala/contracts/quote';
import { useTranslations } from 'next-intl';
import { useItemNames } from '@/lib/item-names';

// The store card's promotion badge: on the page cached for everyone, so no zod here (decision record 052).

/** A listed store promotion as the quote reads it: it runs now, and no claims of anyone are counted. */
const asQuotePromotion = (promotion: StorePromotion): QuotePromotion => ({
  ...promotion,
  startsAt: new Date(0).toISOString(),
  perPlayerCap: 1,
});

/**
 * A card's bonus badge: "Tặng thêm 10%" while a bonus window would add to the pack (or one of its
 * options), "x2 nạp lần đầu" or "Quà nạp lần đầu" for a first top-up; its full line in the tooltip,
 * as the dialog says it. The quote for anyone decides it (the page is the same for everyone): none
 * while no running promotion gives this pack anything at `now`.
 */
export function BonusBadge({ pack, promotions, now }: { pack: Pack; promotions: StorePromotion[]; now: number }) {
  const moment = { at: now, promotions: promotions.map(asQuotePromotion) };
  const productIds = pack.options?.length ? pack.options.map((option) => option.id) : [pack.id];
  const [bonus] = productIds.flatMap((productId) => {
    const product = quoteProductOf(pack, productId);
    return product ? quote(product, unknownStanding, moment).bonuses : [];
  });
  const promotion = bonus && promotions.find((candidate) => candidate.id === bonus.promotionId);
  return bonus && promotion ? <BadgeOf promotion={promotion} items={bonus.items} /> : null;
}

/** The badge itself: only a card that has one reads the item names (its tooltip's). */
function BadgeOf({ promotion, items }: { promotion: StorePromotion; items: { itemId: string; quantity: number }[] }) {
  const t = useTranslations('store');
  const names = useItemNames();
  const label =
    promotion.kind === 'bonus_window'
      ? t('bonusBadgePercent', { percent: promotion.percent ?? 0 })
      : t(promotion.double ? 'bonusBadgeDouble' : 'bonusBadgeFirstTopup');
  return (
    <span
      data-testid="pack-bonus"
      title={`${t('bonusExtra', { items: formatItems(items, names) })} · ${promotion.title}`}
      className="max-w-full truncate rounded-full bg-gold px-2 py-0.5 text-[10px] font-black text-ink shadow md:text-xs"
    >
      {label}
    </span>
  );
}
