'use client';

import { pointsAnalyticsSchema } from '@carabala/contracts';
import { useTranslations } from 'next-intl';
import { Spinner } from '@/components/ui/spinner';
import { formatCount } from '@/lib/format';
import { useRead } from '@/lib/staff-query';
import { dayLabel } from '../range';

/**
 * The points' figures of the chosen range (decision record 060): points issued, redeemed and expired, per
 * Vietnam day, and the points outstanding now — what the points still owe players, a liability.
 */
export function PointsFigures({ from, to }: { from: string; to: string }) {
  const t = useTranslations('adminAnalytics.points');
  const query = useRead(
    ['analytics', 'points', from, to],
    `/internal/analytics/points?from=${from}&to=${to}`,
    pointsAnalyticsSchema,
  );
  const data = query.data;
  return (
    <section className="mt-6 rounded-2xl bg-white p-4 ring-1 ring-ink/10 md:p-6" data-testid="points-figures">
      <h2 className="text-lg font-black">{t('title')}</h2>
      <p className="mt-1 text-sm text-ink/70">{t('intro')}</p>
      {query.isPending && <Spinner className="mt-3 size-6" />}
      {query.isError && <p className="mt-3 text-ruby">{query.error.message}</p>}
      {data && (
        <>
          <dl className="mt-3 grid grid-cols-2 gap-3 lg:grid-cols-4">
            {(['issued', 'redeemed', 'expired'] as const).map((name) => (
              <div key={name} className="rounded-xl bg-ink/5 p-3">
                <dt className="text-xs font-bold text-ink/60">{t(name)}</dt>
                <dd className="text-xl font-black">{formatCount(data.totals[name])}</dd>
              </div>
            ))}
            <div className="rounded-xl bg-gold/15 p-3">
              <dt className="text-xs font-bold text-ink/60">{t('outstanding')}</dt>
              <dd className="text-xl font-black" data-testid="points-outstanding">
                {formatCount(data.outstanding)}
              </dd>
            </div>
          </dl>
          {data.days.length === 0 ? (
            <p className="mt-3 text-ink/70">{t('none')}</p>
          ) : (
            <div className="mt-3 overflow-x-auto">
              <table className="w-full text-sm">
                <thead>
                  <tr className="text-left text-ink/60">
                    <th className="py-1">{t('day')}</th>
                    <th>{t('issued')}</th>
                    <th>{t('redeemed')}</th>
                    <th>{t('expired')}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.days.map((day) => (
                    <tr key={day.day} className="border-t border-ink/10">
                      <td className="py-1">{dayLabel(day.day)}</td>
                      <td>{formatCount(day.issued)}</td>
                      <td>{formatCount(day.redeemed)}</td>
                      <td>{formatCount(day.expired)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
    </section>
  );
}
