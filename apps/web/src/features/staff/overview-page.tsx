'use client';

import type { Overview } from '@carabala/contracts';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { Spinner } from '@/components/ui/spinner';
import { formatCount, formatVnd } from '@/lib/format';
import { useCan } from '@/lib/permissions';
import { mayOpen, sectionOf } from './admin-sections';
import { useOverview } from './api/staff';

interface Card {
  key: keyof Overview;
  href: string;
  money?: boolean;
  /** Work that waits for someone: shown in red when there is any. */
  attention?: boolean;
}

const cards: Card[] = [
  { key: 'revenueToday', href: '/admin/transactions?status=done', money: true },
  { key: 'revenueMonth', href: '/admin/transactions?status=done', money: true },
  { key: 'ordersPaidToday', href: '/admin/transactions?status=done' },
  { key: 'ordersWaiting', href: '/admin/transactions?status=initial' },
  { key: 'bankEventsToReview', href: '/admin/bank-payments', attention: true },
  { key: 'deliveriesFailed', href: '/admin/deliveries?status=dead', attention: true },
  { key: 'ticketsOpen', href: '/admin/tickets?status=PROCESSING&sort=waiting', attention: true },
];

export function OverviewPage() {
  const t = useTranslations('admin.overview');
  const query = useOverview();
  const allowed = useCan();
  // A figure is shown with the page it leads to: support does not see the bank payments waiting.
  const shown = cards.filter((card) => {
    return mayOpen(sectionOf(card.href.split('?')[0]!)?.permission, allowed);
  });

  return (
    <div>
      <h1 className="text-2xl font-black">{t('title')}</h1>
      {query.isPending && <Spinner className="mt-6 size-6" />}
      {query.isError && <p className="mt-4 text-ruby">{query.error.message}</p>}
      {query.data && (
        <ul className="mt-4 grid grid-cols-2 gap-3 lg:grid-cols-4">
          {shown.map((card) => {
            const value = query.data[card.key];
            const alarming = card.attention && value > 0;
            return (
              <li key={card.key}>
                <Link
                  href={card.href}
                  data-testid={`overview-${card.key}`}
                  className={`block h-full rounded-2xl bg-white p-4 ring-1 transition hover:-translate-y-0.5 hover:shadow ${
                    alarming ? 'ring-2 ring-ruby' : 'ring-ink/10'
                  }`}
                >
                  <p className="text-sm font-semibold text-ink/70">{t(card.key)}</p>
                  <p className={`mt-1 text-2xl font-black ${alarming ? 'text-ruby' : 'text-ink'}`}>
                    {card.money ? formatVnd(value) : formatCount(value)}
                  </p>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
      {query.data && shown.some((card) => card.money) && <p className="mt-3 text-sm text-ink/70">{t('revenueNote')}</p>}
    </div>
  );
}
