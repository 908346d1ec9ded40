'use client';

import type { StorePromotion } from '@carabala/contracts';
import { promotionBonus, promotionTargets, type Pack } from '@carabala/contracts/catalogue';
import { formatItems } from '@carabala/contracts/labels';
import { useTranslations } from 'next-intl';
import { useRunningPromotions } from './api/overlay';
import { useItemNames } from '@/lib/item-names';

type Item = { itemId: string; quantity: number };

/**
 * What the running promotions would add to one product of a pack (its items), each with the
 * promotion that gives it: the one rule the purchase dialog and the store's cards show.
 */
export function bonusesFor(
  promotions: StorePromotion[],
  pack: { id: number; tab: string },
  product: { productId: number; items: Item[] },
) {
  return promotions
    .filter((promotion) =>
      promotionTargets(promotion, { packId: pack.id, productId: product.productId, tab: pack.tab }),
    )
    .flatMap((promotion) => {
      const bonus = promotionBonus(promotion, product.items);
      return bonus.length ? [{ promotion, bonus }] : [];
    });
}

/**
 * "Tặng thêm …": the bonus the running promotions would add to this pack's items. Without a receiver
 * a first top-up is shown as such; with one, the API leaves it out once that receiver has a paid order.
 */
export function PromotionBonus({
  pack,
  productId,
  items,
  receiver,
}: {
  pack: { id: number; tab: string };
  productId: number;
  items: Item[];
  receiver: string | null;
}) {
  const t = useTranslations('store');
  const query = useRunningPromotions(receiver);
  const names = useItemNames();
  const lines = bonusesFor(query.data?.promotions ?? [], pack, { productId, items });
  if (lines.length === 0) return null;
  return (
    <ul className="flex flex-col gap-1 rounded-xl bg-gold/15 p-3 text-sm" data-testid="promotion-bonus">
      {lines.map(({ promotion, bonus }) => (
        <li key={promotion.id}>
          <span className="font-bold">{t('bonusExtra', { items: formatItems(bonus, names) })}</span>
          {promotion.kind === 'first_topup' && !receiver && ` ${t('bonusFirstTopup')}`}
          <span className="text-ink/70"> · {promotion.title}</span>
        </li>
      ))}
    </ul>
  );
}

/**
 * A card's bonus badge: "Tặng thêm 10%" while a bonus window would add to the pack (or one of its
 * options), "x2 nạp lần đầu" or "Quà nạp lần đầu" for a first top-up; its full line in the tooltip,
 * as the dialog says it. None while no running promotion gives this pack anything at `now`.
 */
export function BonusBadge({ pack, promotions, now }: { pack: Pack; promotions: StorePromotion[]; now: number }) {
  const running = promotions.filter((promotion) => Date.parse(promotion.endsAt) > now);
  const products = pack.options?.length
    ? pack.options.map((option) => ({ productId: option.id, items: option.items }))
    : [{ productId: pack.id, items: pack.items }];
  const [line] = products.flatMap((product) => bonusesFor(running, pack, product));
  return line ? <BadgeOf {...line} /> : null;
}

/** The badge itself: only a card that has one reads the item names (its tooltip's). */
function BadgeOf({ promotion, bonus }: ReturnType<typeof bonusesFor>[number]) {
  const t = useTranslations('store');
  const names = useItemNames();
  const label =
    promotion.kind === 'bonus_window'
      ? t('bonusBadgePercent', { percent: promotion.percent ?? 0 })
      : t(promotion.double ? 'bonusBadgeDouble' : 'bonusBadgeFirstTopup');
  return (
    <span
      data-testid="pack-bonus"
      title={`${t('bonusExtra', { items: formatItems(bonus, names) })} · ${promotion.title}`}
      className="max-w-full truncate rounded-full bg-gold px-2 py-0.5 text-[10px] font-black text-ink shadow md:text-xs"
    >
      {label}
    </span>
  );
}
