'use client';

import { conversionPercent, percentChange, type Analytics } from '@carabala/contracts';
import { useTranslations } from 'next-intl';
import { formatCount, formatDuration, formatPercent, formatVnd } from '@/lib/format';
import { dayLabel } from '../range';
import type { ChartSeries } from './analytics-chart';
import { AnalyticsSection, type Column } from './analytics-section';

const colors = {
  royal: '#5b2bd6',
  gold: '#d98e04',
  leaf: '#16a34a',
  sky: '#0284c7',
  ruby: '#e11d48',
  muted: '#b8b0d6',
};

type Compared = { current: number | null; previous: number | null };

export interface Card {
  key:
    'revenue' | 'paying' | 'firstTime' | 'arppu' | 'conversion' | 'paymentTime' | 'claims' | 'tickets' | 'firstReply';
  value: string;
  compare: Compared;
  /** Whether a rise is good news (revenue) or bad (waiting time). */
  better: 'up' | 'down';
}

const duration = (seconds: number | null) => (seconds === null ? '—' : formatDuration(seconds));
const share = (paid: number, created: number) => {
  const percent = conversionPercent(paid, created);
  return percent === null ? '—' : formatPercent(percent);
};
const minutes = (seconds: number | null) => (seconds === null ? null : Math.round(seconds / 6) / 10);
const formatMinutes = (value: number) => `${value} phút`;

interface Timed {
  medianSeconds: number | null;
  p90Seconds: number | null;
}
/** Days with their median time in minutes, for the line drawn over their bars. */
const withMinutes = <R extends Timed>(rows: R[]) =>
  rows.map((row) => ({ ...row, medianMinutes: minutes(row.medianSeconds) }));
/** That line: the median time, on the right-hand axis. */
const medianLine = (label: string): ChartSeries => ({
  key: 'medianMinutes',
  label,
  kind: 'line',
  color: colors.ruby,
  format: formatMinutes,
  axis: 'right',
});
/** The median and p90 columns of a table of times, and their figures for the whole range. */
const timeColumns = <R extends Timed>(median: string, p90: string): Column<R>[] => [
  { label: median, cell: (row) => duration(row.medianSeconds) },
  { label: p90, cell: (row) => duration(row.p90Seconds) },
];
const timeTotals = (timing: { medianSeconds: Compared; p90Seconds: Compared }) => [
  duration(timing.medianSeconds.current),
  duration(timing.p90Seconds.current),
];

/** The headline figures, each with the range before. */
export function summaryCards(data: Analytics): Card[] {
  const { orders, payers } = data;
  return [
    { key: 'revenue', value: formatVnd(data.revenue.total.current), compare: data.revenue.total, better: 'up' },
    { key: 'paying', value: formatCount(payers.paying.current), compare: payers.paying, better: 'up' },
    { key: 'firstTime', value: formatCount(payers.firstTime.current), compare: payers.firstTime, better: 'up' },
    { key: 'arppu', value: formatVnd(payers.arppu.current), compare: payers.arppu, better: 'up' },
    {
      key: 'conversion',
      value: `${share(orders.paid.current, orders.created.current)} (${formatCount(orders.paid.current)}/${formatCount(orders.created.current)})`,
      compare: {
        current: conversionPercent(orders.paid.current, orders.created.current),
        previous: conversionPercent(orders.paid.previous, orders.created.previous),
      },
      better: 'up',
    },
    {
      key: 'paymentTime',
      value: duration(orders.medianSeconds.current),
      compare: orders.medianSeconds,
      better: 'down',
    },
    { key: 'claims', value: formatCount(data.giftCodes.claims.current), compare: data.giftCodes.claims, better: 'up' },
    { key: 'tickets', value: formatCount(data.tickets.opened.current), compare: data.tickets.opened, better: 'down' },
    {
      key: 'firstReply',
      value: duration(data.tickets.medianSeconds.current),
      compare: data.tickets.medianSeconds,
      better: 'down',
    },
  ];
}

const day = <R extends { date: string }>(label: string): Column<R> => ({
  label,
  text: true,
  cell: (row) => dayLabel(row.date),
});

/** The six charts with their tables and CSVs. */
export function AnalyticsCharts({ data }: { data: Analytics }) {
  const t = useTranslations('adminAnalytics');
  const range = { from: data.from, to: data.to };
  const { revenue, payers, orders, giftCodes, tickets } = data;
  const whole = t('whole');
  return (
    <div className="mt-4 space-y-4">
      <AnalyticsSection
        metric="revenue"
        title={t('revenue.title')}
        range={range}
        chart={{
          rows: revenue.days,
          category: 'date',
          series: [
            { key: 'revenue', label: t('revenue.revenue'), kind: 'bar', color: colors.royal, format: formatVnd },
          ],
        }}
        columns={[day(t('date')), { label: t('revenue.revenue'), cell: (row) => formatVnd(row.revenue) }]}
        rows={revenue.days}
        total={[whole, formatVnd(revenue.total.current)]}
      />
      <AnalyticsSection
        metric="payers"
        title={t('payers.title')}
        note={t('payers.note')}
        range={range}
        chart={{
          rows: payers.days,
          category: 'date',
          series: [
            { key: 'paying', label: t('payers.paying'), kind: 'bar', color: colors.sky, format: formatCount },
            { key: 'firstTime', label: t('payers.firstTime'), kind: 'bar', color: colors.gold, format: formatCount },
          ],
        }}
        columns={[
          day(t('date')),
          { label: t('payers.paying'), cell: (row) => formatCount(row.paying) },
          { label: t('payers.firstTime'), cell: (row) => formatCount(row.firstTime) },
          { label: t('payers.arppu'), cell: (row) => formatVnd(row.arppu) },
        ]}
        rows={payers.days}
        total={[
          whole,
          formatCount(payers.paying.current),
          formatCount(payers.firstTime.current),
          formatVnd(payers.arppu.current),
        ]}
      />
      <AnalyticsSection
        metric="orders"
        title={t('orders.title')}
        note={t('orders.note')}
        range={range}
        chart={{
          rows: withMinutes(orders.days),
          category: 'date',
          series: [
            { key: 'created', label: t('orders.created'), kind: 'bar', color: colors.muted, format: formatCount },
            { key: 'paid', label: t('orders.paid'), kind: 'bar', color: colors.leaf, format: formatCount },
            medianLine(t('orders.medianMinutes')),
          ],
        }}
        columns={[
          day(t('date')),
          { label: t('orders.created'), cell: (row) => formatCount(row.created) },
          { label: t('orders.paid'), cell: (row) => formatCount(row.paid) },
          { label: t('orders.conversion'), cell: (row) => share(row.paid, row.created) },
          ...timeColumns(t('orders.median'), t('orders.p90')),
        ]}
        rows={orders.days}
        total={[
          whole,
          formatCount(orders.created.current),
          formatCount(orders.paid.current),
          share(orders.paid.current, orders.created.current),
          ...timeTotals(orders),
        ]}
      />
      <AnalyticsSection
        metric="packs"
        title={t('packs.title')}
        range={range}
        empty={t('packs.empty')}
        chart={{
          rows: data.packs.map((pack) => ({
            title: pack.title,
            current: pack.revenue.current,
            previous: pack.revenue.previous,
          })),
          category: 'title',
          horizontal: true,
          series: [
            { key: 'current', label: t('packs.current'), kind: 'bar', color: colors.royal, format: formatVnd },
            { key: 'previous', label: t('packs.previous'), kind: 'bar', color: colors.muted, format: formatVnd },
          ],
        }}
        columns={[
          { label: t('packs.pack'), text: true, cell: (pack) => pack.title },
          { label: t('packs.current'), cell: (pack) => formatVnd(pack.revenue.current) },
          { label: t('packs.previous'), cell: (pack) => formatVnd(pack.revenue.previous) },
          {
            label: t('packs.change'),
            cell: (pack) => {
              const change = percentChange(pack.revenue.current, pack.revenue.previous);
              return change === null ? t('none') : formatPercent(change, true);
            },
          },
          { label: t('packs.orders'), cell: (pack) => formatCount(pack.orders.current) },
        ]}
        rows={data.packs}
      />
      <AnalyticsSection
        metric="gift-codes"
        title={t('giftCodes.title')}
        range={range}
        chart={{
          rows: giftCodes.days,
          category: 'date',
          series: [
            { key: 'claims', label: t('giftCodes.claims'), kind: 'bar', color: colors.gold, format: formatCount },
          ],
        }}
        columns={[day(t('date')), { label: t('giftCodes.claims'), cell: (row) => formatCount(row.claims) }]}
        rows={giftCodes.days}
        total={[whole, formatCount(giftCodes.claims.current)]}
      />
      <AnalyticsSection
        metric="tickets"
        title={t('tickets.title')}
        note={t('tickets.note')}
        range={range}
        chart={{
          rows: withMinutes(tickets.days),
          category: 'date',
          series: [
            { key: 'opened', label: t('tickets.opened'), kind: 'bar', color: colors.sky, format: formatCount },
            { key: 'answered', label: t('tickets.answered'), kind: 'bar', color: colors.leaf, format: formatCount },
            medianLine(t('tickets.medianMinutes')),
          ],
        }}
        columns={[
          day(t('date')),
          { label: t('tickets.opened'), cell: (row) => formatCount(row.opened) },
          { label: t('tickets.answered'), cell: (row) => formatCount(row.answered) },
          ...timeColumns(t('tickets.median'), t('tickets.p90')),
        ]}
        rows={tickets.days}
        total={[
          whole,
          formatCount(tickets.opened.current),
          formatCount(tickets.answered.current),
          ...timeTotals(tickets),
        ]}
      />
    </div>
  );
}
