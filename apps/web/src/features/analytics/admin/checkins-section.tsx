'use client';

import { checkinsPerDaySchema } from '@carabala/contracts';
import dynamic from 'next/dynamic';
import { useTranslations } from 'next-intl';
import { formatCount } from '@/lib/format';
import { useRead } from '@/lib/staff-query';

const AnalyticsChart = dynamic(() => import('./analytics-chart'), {
  ssr: false,
  loading: () => <div className="h-[260px] animate-pulse rounded-xl bg-ink/5" />,
});

/** Check-ins of each Vietnam day of the range (the check-in module's count), as a bar chart and its total. */
export function CheckinsSection({ from, to }: { from: string; to: string }) {
  const t = useTranslations('adminAnalytics.checkins');
  const query = useRead(
    ['analytics', 'checkins', from, to],
    `/internal/checkin/per-day?from=${from}&to=${to}`,
    checkinsPerDaySchema,
  );
  return (
    <section
      aria-labelledby="analytics-checkins-title"
      data-testid="analytics-checkins"
      className="mt-4 rounded-2xl bg-white p-4 ring-1 ring-ink/10"
    >
      <h2 id="analytics-checkins-title" className="text-lg font-black">
        {t('title')}
      </h2>
      {query.isError && <p className="text-ruby">{t('failed')}</p>}
      {query.data && (
        <>
          <p className="mb-2 text-sm text-ink/70">{t('total', { count: formatCount(query.data.total) })}</p>
          {query.data.total === 0 ? (
            <p className="text-sm text-ink/70">{t('empty')}</p>
          ) : (
            <AnalyticsChart
              rows={query.data.days}
              category="date"
              series={[{ key: 'checkins', label: t('series'), kind: 'bar', color: '#2f6fde', format: formatCount }]}
            />
          )}
        </>
      )}
    </section>
  );
}
