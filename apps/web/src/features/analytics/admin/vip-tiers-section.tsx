'use client';

import { useTranslations } from 'next-intl';
import { Spinner } from '@/components/ui/spinner';
import { formatCount, formatVnd } from '@/lib/format';
import { useVipPlayersPerTier } from '../api/vip-tiers';

/** The analytics' VIP section: how many players hold each published tier now, and paying players without one. */
export function VipTiersSection() {
  const t = useTranslations('adminAnalytics.vip');
  const query = useVipPlayersPerTier();
  const data = query.data;
  return (
    <section className="mt-8" aria-labelledby="analytics-vip-title" data-testid="analytics-vip">
      <h2 id="analytics-vip-title" className="text-lg font-black">
        {t('title')}
      </h2>
      <p className="mt-1 text-sm text-ink/70">{t('intro')}</p>
      {query.isError && <p className="mt-2 text-ruby">{query.error.message}</p>}
      {query.isPending && <Spinner className="mt-2" />}
      {data &&
        (data.tiers.length === 0 ? (
          <p className="mt-2 text-sm text-ink/70">{t('empty')}</p>
        ) : (
          <table className="mt-3 w-full max-w-xl rounded-2xl bg-white text-sm ring-1 ring-ink/10">
            <thead>
              <tr className="text-left text-xs text-ink/70">
                <th className="px-3 py-2">{t('tier')}</th>
                <th className="px-3 py-2">{t('threshold')}</th>
                <th className="px-3 py-2 text-right">{t('players')}</th>
              </tr>
            </thead>
            <tbody>
              {data.tiers.map((tier) => (
                <tr key={tier.id} className="border-t border-ink/10">
                  <td className="px-3 py-2 font-semibold">{tier.title}</td>
                  <td className="px-3 py-2">{formatVnd(tier.threshold)}</td>
                  <td className="px-3 py-2 text-right font-bold">{formatCount(tier.players)}</td>
                </tr>
              ))}
              <tr className="border-t border-ink/10 text-ink/70">
                <td className="px-3 py-2" colSpan={2}>
                  {t('withoutTier')}
                </td>
                <td className="px-3 py-2 text-right">{formatCount(data.withoutTier)}</td>
              </tr>
            </tbody>
          </table>
        ))}
    </section>
  );
}
