'use client';

import { conversionPercent, percentChange, type Analytics } from '@carabala/contracts';
import { useTranslations } from 'next-intl';
import { formatCount, formatPercent, formatVnd } from '@/lib/format';
import { formatDuration, formatMinutes } from '@/lib/relative-time';
import { dayLabel } from '../range';
import type { ChartSeries } from './analytics-chart';
import { AnalyticsSection, type ChartProps, type Column } from './analytics-section';

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
  format: (value: number) => formatMinutes(value),
  axis: 'right',
});
/** The median and p90 columns of a table of times, each with its figure for the whole range. */
const timeColumns = <R extends Timed>(
  [median, p90]: [string, string],
  timing: { medianSeconds: Compared; p90Seconds: Compared },
): [Column<R>, string][] => [
  [{ label: median, cell: (row) => duration(row.medianSeconds) }, duration(timing.medianSeconds.current)],
  [{ label: p90, cell: (row) => duration(row.p90Seconds) }, duration(timing.p90Seconds.current)],
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

type Translate = ReturnType<typeof useTranslations<'adminAnalytics'>>;
type Group = 'revenue' | 'payers' | 'orders' | 'giftCodes' | 'tickets';
/**
 * A figure drawn as bars: its key in the day rows (and its label's), its colour, how it is written,
 * and its figure for the whole range.
 */
type Bar = [key: string, color: string, format: (value: number) => string, whole: Compared];

interface Daily<R> {
  rows: R[];
  bars: Bar[];
  /** Whether the median time is drawn as a line over the bars. */
  median?: boolean;
  /** Columns after the bars', and their cells in the whole range's row. */
  more?: [Column<R>, string][];
}

/**
 * A section by day, its words under `group` in the messages: a bar and a table column per figure (the
 * column formats as the tooltip does), the median time as a line when asked, then `more` columns.
 */
function daily<R extends { date: string }>(
  t: Translate,
  range: { from: string; to: string },
  group: Group,
  { rows, bars, median = false, more = [] }: Daily<R>,
) {
  const label = (key: string) => t(`${group}.${key}` as Parameters<Translate>[0]);
  const figure = (row: R, key: string) => (row as unknown as Record<string, number>)[key] ?? 0;
  const series = bars.map(([key, color, format]): ChartSeries => ({
    key,
    label: label(key),
    kind: 'bar',
    color,
    format,
  }));
  const chart = {
    rows: median ? withMinutes(rows as unknown as Timed[]) : rows,
    category: 'date',
    series: median ? [...series, medianLine(label('medianMinutes'))] : series,
  } as ChartProps;
  const columns = [
    day<R>(t('date')),
    ...series.map((item): Column<R> => ({ label: item.label, cell: (row) => item.format(figure(row, item.key)) })),
    ...more.map(([column]) => column),
  ];
  const total = [
    t('whole'),
    ...bars.map(([, , format, whole]) => (whole.current === null ? '—' : format(whole.current))),
    ...more.map(([, cell]) => cell),
  ];
  return (
    <AnalyticsSection
      metric={group === 'giftCodes' ? 'gift-codes' : group}
      title={label('title')}
      note={t.has(`${group}.note` as Parameters<Translate>[0]) ? label('note') : undefined}
      {...{ range, chart, columns, rows, total }}
    />
  );
}

/** The six charts with their tables and CSVs. */
export function AnalyticsCharts({ data }: { data: Analytics }) {
  const t = useTranslations('adminAnalytics');
  const range = { from: data.from, to: data.to };
  const { revenue, payers, orders, giftCodes, tickets } = data;
  const section = <R extends { date: string }>(group: Group, spec: Daily<R>) => daily(t, range, group, spec);
  return (
    <div className="mt-4 space-y-4">
      {section('revenue', { rows: revenue.days, bars: [['revenue', colors.royal, formatVnd, revenue.total]] })}
      {section('payers', {
        rows: payers.days,
        bars: [
          ['paying', colors.sky, formatCount, payers.paying],
          ['firstTime', colors.gold, formatCount, payers.firstTime],
        ],
        more: [[{ label: t('payers.arppu'), cell: (row) => formatVnd(row.arppu) }, formatVnd(payers.arppu.current)]],
      })}
      {section('orders', {
        rows: orders.days,
        median: true,
        bars: [
          ['created', colors.muted, formatCount, orders.created],
          ['paid', colors.leaf, formatCount, orders.paid],
        ],
        more: [
          [
            { label: t('orders.conversion'), cell: (row) => share(row.paid, row.created) },
            share(orders.paid.current, orders.created.current),
          ],
          ...timeColumns([t('orders.median'), t('orders.p90')], orders),
        ],
      })}
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
      {section('giftCodes', { rows: giftCodes.days, bars: [['claims', colors.gold, formatCount, giftCodes.claims]] })}
      {section('tickets', {
        rows: tickets.days,
        more: timeColumns([t('tickets.median'), t('tickets.p90')], tickets),
        bars: [
          ['opened', colors.sky, formatCount, tickets.opened],
          ['answered', colors.leaf, formatCount, tickets.answered],
        ],
        median: true,
      })}
    </div>
  );
}
