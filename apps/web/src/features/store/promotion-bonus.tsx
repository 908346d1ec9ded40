'use client';

import type { Quote } from '@carabala/contracts';
import { formatItems } from '@carabala/contracts/labels';
import { useTranslations } from 'next-intl';
import { usePackQuotes } from './api/quote';
import { formatVnd } from '@/lib/format';
import { useItemNames } from '@/lib/item-names';

/**
 * What the quote adds to one product of a pack, for a receiver (null: anyone): each running promotion's
 * bonus, the tier perk and the spend milestones the order would pass, from the one call laid over the
 * cached page (GET /api/store/quote). With `notes`, also why it cannot be bought and the points earned.
 * Without a receiver a first top-up is shown as such; with one, the quote leaves it out once that
 * receiver has a paid order.
 */
export function PromotionBonus({
  packId,
  productId,
  receiver,
  notes = false,
}: {
  packId: number;
  productId: number;
  receiver: string | null;
  notes?: boolean;
}) {
  const { data } = usePackQuotes(packId, receiver);
  const offer = data?.quotes.find((candidate) => candidate.productId === productId);
  if (!offer) return null;
  return (
    <>
      <QuoteBonuses offer={offer} receiver={receiver} />
      {notes && <QuoteNotes offer={offer} />}
    </>
  );
}

function QuoteBonuses({ offer, receiver }: { offer: Quote; receiver: string | null }) {
  const t = useTranslations('store');
  const names = useItemNames();
  if (offer.bonuses.length + offer.tierBonus.length + offer.milestones.length === 0) return null;
  return (
    <ul className="flex flex-col gap-1 rounded-xl bg-gold/15 p-3 text-sm" data-testid="promotion-bonus">
      {offer.bonuses.map((bonus) => (
        <li key={bonus.promotionId}>
          <span className="font-bold">{t('bonusExtra', { items: formatItems(bonus.items, names) })}</span>
          {bonus.kind === 'first_topup' && !receiver && ` ${t('bonusFirstTopup')}`}
          <span className="text-ink/70"> · {bonus.title}</span>
        </li>
      ))}
      {offer.tierBonus.length > 0 && (
        <li className="font-bold">{t('quote.tierBonus', { items: formatItems(offer.tierBonus, names) })}</li>
      )}
      {offer.milestones.map((milestone) => (
        <li key={`${milestone.promotionId}:${milestone.threshold}`}>
          {t('quote.milestone', {
            threshold: formatVnd(milestone.threshold),
            items: formatItems(milestone.items, names),
            title: milestone.title,
          })}
        </li>
      ))}
    </ul>
  );
}

const refusalKeys = { sold_out: 'soldOut', limit_reached: 'limitReached', tier_only: 'tierOnly' } as const;

/** Why the receiver cannot buy it now (the order call would refuse it), and the points it earns. */
function QuoteNotes({ offer }: { offer: Quote }) {
  const t = useTranslations('store');
  if (!offer.refusal && offer.points === 0) return null;
  return (
    <div className="flex flex-col gap-1 text-sm" data-testid="quote-notes">
      {offer.refusal && (
        <p role="status" className="font-semibold text-ruby-ink">
          {t(`quote.${refusalKeys[offer.refusal]}`)}
        </p>
      )}
      {offer.points > 0 && <p>{t('quote.points', { points: offer.points })}</p>}
    </div>
  );
}
