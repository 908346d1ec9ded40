'use client';

import { percentChange } from '@carabala/contracts';
import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { DayInput } from '@/components/search-bar';
import { buttonClass } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useUrlState } from '@/components/use-url-state';
import { formatPercent, vietnamDay } from '@/lib/format';
import { useAnalytics } from '../api/staff';
import { chosenRange, dayLabel, PRESET_DAYS, rangeProblem, type ChosenRange } from '../range';
import { AnalyticsCharts, summaryCards, type Card } from './analytics-charts';
import { PointsFigures } from './points-figures';
import { VipTiersSection } from './vip-tiers-section';
import { CheckinsSection } from './checkins-section';

const FILTERS = ['days', 'from', 'to'] as const;

/** The presets (last 7, 30, 90 days) and a custom range of Vietnam days, kept in the address. */
function RangePicker({ range, choose }: { range: ChosenRange; choose: (changes: Record<string, string>) => void }) {
  const t = useTranslations('adminAnalytics');
  const [custom, setCustom] = useState(range.preset === null);
  const [from, setFrom] = useState(range.from);
  const [to, setTo] = useState(range.to);
  const [problem, setProblem] = useState<string | null>(null);
  const pill = (active: boolean) =>
    `rounded-full px-4 py-1.5 text-sm font-semibold ${active ? 'bg-royal text-white' : 'bg-white ring-1 ring-ink/15'}`;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const refused = rangeProblem(from, to);
    setProblem(refused);
    if (!refused) choose({ days: '', from, to });
  };
  return (
    <div className="mt-4">
      <div className="flex flex-wrap gap-2" role="group" aria-label={t('range')}>
        {PRESET_DAYS.map((days) => (
          <button
            key={days}
            type="button"
            aria-pressed={!custom && range.preset === days}
            className={pill(!custom && range.preset === days)}
            onClick={() => {
              setCustom(false);
              setProblem(null);
              choose({ days: String(days), from: '', to: '' });
            }}
          >
            {t('lastDays', { days })}
          </button>
        ))}
        <button type="button" aria-pressed={custom} className={pill(custom)} onClick={() => setCustom(true)}>
          {t('custom')}
        </button>
      </div>
      {custom && (
        <form onSubmit={submit} noValidate className="mt-3 flex flex-wrap items-end gap-3">
          {(
            [
              ['from', from, setFrom],
              ['to', to, setTo],
            ] as const
          ).map(([name, value, set]) => (
            <label key={name} className="text-sm font-semibold">
              {t(name)}
              <DayInput
                name={name}
                value={value}
                required
                onChange={set}
                className="mt-1 block rounded-xl border-2 border-ink/15 bg-white px-3 py-1.5"
              />
            </label>
          ))}
          <button type="submit" className={buttonClass('secondary', 'px-4 py-1.5')}>
            {t('apply')}
          </button>
          {problem && (
            <p role="alert" className="w-full text-sm font-semibold text-ruby">
              {problem}
            </p>
          )}
        </form>
      )}
    </div>
  );
}

/** A headline figure with its change against the range before ("+12% so với 30 ngày trước"). */
function SummaryCard({ card, days }: { card: Card; days: number }) {
  const t = useTranslations('adminAnalytics');
  const { current, previous } = card.compare;
  let change = t('noPrevious', { days });
  let tone = 'text-ink/60';
  if (current !== null && previous !== null && previous !== 0) {
    const percent = percentChange(current, previous) ?? 0;
    const good = card.better === 'up' ? percent > 0 : percent < 0;
    change = percent === 0 ? t('unchanged', { days }) : t('change', { change: formatPercent(percent, true), days });
    tone = percent === 0 ? 'text-ink/60' : good ? 'text-leaf-ink' : 'text-ruby-ink';
  } else if (current === previous) {
    change = t('unchanged', { days });
  }
  return (
    <li data-testid={`analytics-card-${card.key}`} className="rounded-2xl bg-white p-3 ring-1 ring-ink/10">
      <p className="text-xs font-semibold text-ink/70">{t(`cards.${card.key}`)}</p>
      <p data-testid="value" className="mt-1 text-xl font-black">
        {card.value}
      </p>
      <p data-testid="change" className={`mt-0.5 text-xs font-semibold ${tone}`}>
        {change}
      </p>
    </li>
  );
}

/**
 * `/admin/analytics`: revenue, paying players, orders to payment, packs, gift codes and tickets for a
 * range of Vietnam days (the last 30 by default), each beside the range of the same length before it.
 */
export function AnalyticsPage() {
  const t = useTranslations('adminAnalytics');
  const { values, update } = useUrlState(FILTERS);
  const range = chosenRange(values, vietnamDay(new Date()));
  const query = useAnalytics(range.from, range.to);
  const data = query.data;
  return (
    <div>
      <h1 className="text-2xl font-black">{t('title')}</h1>
      <p className="mt-1 max-w-3xl text-sm text-ink/70">{t('intro')}</p>
      <RangePicker key={`${range.from}:${range.to}`} range={range} choose={update} />
      {query.isError && <p className="mt-4 text-ruby">{query.error.message}</p>}
      {query.isPending && (
        <p className="mt-6 flex justify-center">
          <Spinner />
        </p>
      )}
      {data && (
        <>
          <p data-testid="analytics-range" className="mt-3 text-sm text-ink/70">
            {t('showing', {
              from: dayLabel(data.from),
              to: dayLabel(data.to),
              days: data.days,
              previousFrom: dayLabel(data.previousFrom),
              previousTo: dayLabel(data.previousTo),
            })}
          </p>
          <ul className="mt-3 grid grid-cols-2 gap-3 lg:grid-cols-3 xl:grid-cols-5">
            {summaryCards(data).map((card) => (
              <SummaryCard key={card.key} card={card} days={data.days} />
            ))}
          </ul>
          <AnalyticsCharts data={data} />
          <CheckinsSection from={data.from} to={data.to} />
          <PointsFigures from={data.from} to={data.to} />
        </>
      )}
      <VipTiersSection />
    </div>
  );
}
