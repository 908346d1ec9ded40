'use client';

import type { InternalTransaction } from '@carabala/contracts';
import { useTranslations } from 'next-intl';
import { Badge } from '@/components/badge';

/** Where an order stands (waiting, paid, held, cancelled): on the orders, the order page and the player page. */
export function OrderStatusBadge({ status }: { status: InternalTransaction['status'] }) {
  const t = useTranslations('adminPayments.status');
  return (
    <Badge tone={status === 'done' ? 'good' : status === 'held' ? 'bad' : status === 'cancelled' ? 'quiet' : 'wait'}>
      {t(status)}
    </Badge>
  );
}
