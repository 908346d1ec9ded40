'use client';

import type { InternalTransaction } from '@carabala/contracts';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import type { Column } from '@/components/data-table';
import { DeliveryBadge } from '@/components/delivery-badge';
import { OrderStatusBadge } from '@/components/order-status-badge';
import { formatConsoleTime } from '@/lib/format';

type OrderFacts = Pick<InternalTransaction, 'id' | 'code' | 'status' | 'productTitle' | 'delivery' | 'createdAt'>;

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
      <p className="mt-1 text-xs text-ink/70">{formatConsoleTime(order.createdAt)}</p>
    </>
  );
}

/**
 * The columns of an order in the console's tables (the orders, a player's page): its code (a link to
 * the order), pack, `who` and `amount` as the page sees them, status, delivery and time.
 */
export function useOrderColumns<Order extends OrderFacts>(who: Column<Order>, amount: Column<Order>): Column<Order>[] {
  const t = useTranslations('adminPayments.transactions');
  return [
    {
      title: t('code'),
      cell: (order) => (
        <Link href={`/admin/transactions/${order.id}`} className="font-mono font-bold text-royal underline">
          {order.code}
        </Link>
      ),
    },
    { title: t('pack'), cell: (order) => order.productTitle },
    who,
    amount,
    { title: t('statusLabel'), cell: (order) => <OrderStatusBadge status={order.status} /> },
    { title: t('deliveryLabel'), cell: (order) => <DeliveryBadge delivery={order.delivery} /> },
    { title: t('created'), cell: (order) => formatConsoleTime(order.createdAt), className: 'whitespace-nowrap' },
  ];
}
