'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { formatCount, vietnamDay } from '@/lib/format';
import { usePointsFigures } from './api';

const DAY = 86_400_000;

/** Points issued, redeemed and expired per Vietnam day of a range, and the outstanding points (a liability). */
export function FiguresCard() {
  const t = useTranslations('admin.points');
  const [range, setRange] = useState(() => ({
    from: vietnamDay(new Date(Date.now() - 29 * DAY)),
    to: vietnamDay(new Date()),
  }));
  const figures = usePointsFigures(range.from, range.to);
  const input = (name: 'from' | 'to') => (
    <label className="text-sm font-semibold">
      {t(`figures.${name}`)}
      <input
        type="date"
        className="ml-2 rounded-lg px-2 py-1 ring-1 ring-ink/20"
        value={range[name]}
        onChange={(event) => event.target.value && setRange({ ...range, [name]: event.target.value })}
      />
    </label>
  );
  return (
    <section className="rounded-2xl bg-white p-4 ring-1 ring-ink/10 md:p-6" data-testid="points-figures">
      <h2 className="text-lg font-black">{t('figures.title')}</h2>
      <div className="mt-2 flex flex-wrap gap-3">
        {input('from')}
        {input('to')}
      </div>
      {figures.isPending && <Spinner className="mt-3 size-6" />}
      {figures.isError && <p className="mt-3 text-ruby">{figures.error.message}</p>}
      {figures.data && (
        <>
          <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4">
            {(['issued', 'redeemed', 'expired'] as const).map((name) => (
              <div key={name} className="rounded-xl bg-ink/5 p-3">
                <dt className="text-xs font-bold text-ink/60">{t(`figures.${name}`)}</dt>
                <dd className="text-xl font-black">{formatCount(figures.data.totals[name])}</dd>
              </div>
            ))}
            <div className="rounded-xl bg-gold/15 p-3">
              <dt className="text-xs font-bold text-ink/60">{t('figures.outstanding')}</dt>
              <dd className="text-xl font-black" data-testid="points-outstanding">
                {formatCount(figures.data.outstanding)}
              </dd>
            </div>
          </dl>
          <div className="mt-3 overflow-x-auto">
            <table className="w-full text-sm">
              <thead>
                <tr className="text-left text-ink/60">
                  <th className="py-1">{t('figures.day')}</th>
                  <th>{t('figures.issued')}</th>
                  <th>{t('figures.redeemed')}</th>
                  <th>{t('figures.expired')}</th>
                </tr>
              </thead>
              <tbody>
                {figures.data.days.map((day) => (
                  <tr key={day.day} className="border-t border-ink/10">
                    <td className="py-1">{day.day.split('-').reverse().join('/')}</td>
                    <td>{formatCount(day.issued)}</td>
                    <td>{formatCount(day.redeemed)}</td>
                    <td>{formatCount(day.expired)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            {figures.data.days.length === 0 && <p className="mt-2 text-ink/70">{t('figures.none')}</p>}
          </div>
        </>
      )}
    </section>
  );
}
