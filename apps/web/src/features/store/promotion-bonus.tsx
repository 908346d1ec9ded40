'use client';

import { promotionBonus, promotionTargets } from '@carabala/contracts';
import { formatItems } from '@carabala/contracts/labels';
import { useTranslations } from 'next-intl';
import { useRunningPromotions } from './promotions/api';
import { useItemNames } from '@/lib/item-names';

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
  items: { itemId: string; quantity: number }[];
  receiver: string | null;
}) {
  const t = useTranslations('store');
  const query = useRunningPromotions(receiver);
  const names = useItemNames();
  const lines = (query.data?.promotions ?? [])
    .filter((promotion) => promotionTargets(promotion, { packId: pack.id, productId, tab: pack.tab }))
    .flatMap((promotion) => {
      const bonus = promotionBonus(promotion, items);
      return bonus.length ? [{ promotion, text: formatItems(bonus, names) }] : [];
    });
  if (lines.length === 0) return null;
  return (
    <ul className="flex flex-col gap-1 rounded-xl bg-gold/15 p-3 text-sm" data-testid="promotion-bonus">
      {lines.map(({ promotion, text }) => (
        <li key={promotion.id}>
          <span className="font-bold">{t('bonusExtra', { items: text })}</span>
          {promotion.kind === 'first_topup' && !receiver && ` ${t('bonusFirstTopup')}`}
          <span className="text-ink/70"> · {promotion.title}</span>
        </li>
      ))}
    </ul>
  );
}
