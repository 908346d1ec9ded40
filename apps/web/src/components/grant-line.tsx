'use client';

import type { OrderGrant } from '@carabala/contracts';
import { useTranslations } from 'next-intl';

/**
 * A staff grant in the console's order lists (the orders, a player's page): "Quà tặng từ ban quản trị",
 * who asked for it and who approved it, so that support never reads a grant as a purchase.
 */
export function GrantLine({ grant }: { grant: OrderGrant }) {
  const t = useTranslations('adminPayments.grantInfo');
  const name = (member: OrderGrant['requester']) =>
    member ? t('member', { name: member.displayName, shortId: member.shortId }) : t('unknown');
  return (
    <span className="block text-xs" data-testid="order-grant">
      <span className="font-bold text-royal">{t('title')}</span>
      <span className="block text-ink/70">
        {t('requestedBy', { who: name(grant.requester) })} · {t('approvedBy', { who: name(grant.approver) })}
      </span>
    </span>
  );
}
