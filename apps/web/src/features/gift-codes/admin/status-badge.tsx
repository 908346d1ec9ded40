'use client';

import type { GiftCodeStatus } from '@carabala/contracts';
import { useTranslations } from 'next-intl';
import { Badge, type BadgeTone } from '@/components/badge';

const tones: Record<GiftCodeStatus, BadgeTone> = {
  active: 'leaf',
  scheduled: 'royal',
  inactive: 'muted',
  expired: 'ruby',
  used_up: 'gold',
};

export function GiftCodeStatusBadge({ status }: { status: GiftCodeStatus }) {
  const t = useTranslations('adminOps.giftCodes.statuses');
  return (
    <Badge tone={tones[status]} testId="gift-code-status">
      {t(status)}
    </Badge>
  );
}
