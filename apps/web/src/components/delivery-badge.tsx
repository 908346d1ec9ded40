'use client';

import type { InternalTransaction } from '@carabala/contracts';
import { useTranslations } from 'next-intl';
import { Badge } from '@/components/badge';

/** Where a game mail stands (none, pending, delivered, dead): on the orders and on the deliveries list. */
export function DeliveryBadge({ delivery }: { delivery: InternalTransaction['delivery'] }) {
  const t = useTranslations('adminPayments.delivery');
  if (!delivery) return <Badge tone="quiet">{t('none')}</Badge>;
  return <Badge tone={delivery === 'delivered' ? 'good' : delivery === 'dead' ? 'bad' : 'wait'}>{t(delivery)}</Badge>;
}
