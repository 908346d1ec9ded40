'use client';

import type { GiftCodeStatus } from '@carabala/contracts';
import { useTranslations } from 'next-intl';

const tones: Record<GiftCodeStatus, string> = {
  active: 'bg-leaf/15 text-leaf-ink',
  scheduled: 'bg-royal/10 text-royal',
  inactive: 'bg-ink/10 text-ink/70',
  expired: 'bg-ruby/10 text-ruby-ink',
  used_up: 'bg-gold/20 text-gold-ink',
};

export function GiftCodeStatusBadge({ status }: { status: GiftCodeStatus }) {
  const t = useTranslations('adminOps.giftCodes.statuses');
  return (
    <span
      data-testid="gift-code-status"
      className={`inline-flex shrink-0 rounded-full px-2.5 py-0.5 text-xs font-bold whitespace-nowrap ${tones[status]}`}
    >
      {t(status)}
    </span>
  );
}
