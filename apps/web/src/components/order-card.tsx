'use client';

import type { InternalTransaction } from '@carabala/contracts';
import type { ReactNode } from 'react';
import { DeliveryBadge } from '@/components/delivery-badge';
import { OrderStatusBadge } from '@/components/order-status-badge';
import { formatVietnamTimeSeconds } from '@/lib/format';

type OrderFacts = Pick<InternalTransaction, 'code' | 'status' | 'productTitle' | 'delivery' | 'createdAt'>;

/**
 * An order on a phone in the console's lists (the orders, a player's page): code and state, pack, who,
 * amount and delivery, time. `code` is how the code is shown (a link, or plain text inside one).
 */
export function OrderCard({
  order,
  code,
  who,
  amount,
}: {
  order: OrderFacts;
  code: ReactNode;
  who: ReactNode;
  amount: ReactNode;
}) {
  return (
    <>
      <div className="flex items-center justify-between gap-2">
        {code}
        <OrderStatusBadge status={order.status} />
      </div>
      <p className="mt-1 font-semibold break-words">{order.productTitle}</p>
      <p className="text-sm text-ink/70">{who}</p>
      <div className="mt-2 flex items-center justify-between gap-2 text-sm">
        {amount}
        <DeliveryBadge delivery={order.delivery} />
      </div>
      <p className="mt-1 text-xs text-ink/70">{formatVietnamTimeSeconds(order.createdAt)}</p>
    </>
  );
}
