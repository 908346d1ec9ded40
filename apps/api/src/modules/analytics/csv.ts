import { conversionPercent, percentChange, type Analytics, type AnalyticsMetric } from '@carabala/contracts';
import { csvFile } from '../../lib/csv';
import { text } from '../../lib/sentences';

type Cell = string | number | null;
type Compared = { current: number | null; previous: number | null };

/** A header of the analytics CSVs (server.analyticsCsv), in Vietnamese. */
const h = (key: string, params?: Record<string, string>) => text(`server.analyticsCsv.${key}`, params);

/** 66.7%: a share or a change as the console writes it; empty when there is none. */
const percent = (value: number | null) => (value === null ? null : `${value}%`);

/** The file name of a chart's CSV, in Vietnamese like the others ("doanh-thu-2026-11-01-2026-11-30.csv"). */
export const analyticsFileNames: Record<AnalyticsMetric, string> = {
  revenue: 'doanh-thu',
  payers: 'nguoi-choi-tra-tien',
  orders: 'don-hang',
  packs: 'doanh-thu-theo-goi',
  'gift-codes': 'giftcode',
  tickets: 'yeu-cau-ho-tro',
};

/**
 * The totals under a chart's table: one row per figure with the chosen range, the range before and
 * the change between them.
 */
function totals(data: Analytics, figures: [string, Compared][]): Cell[][] {
  return [
    [],
    [
      h('figure'),
      h('current', { from: data.from, to: data.to }),
      h('previous', { from: data.previousFrom, to: data.previousTo }),
      h('change'),
    ],
    ...figures.map(([label, { current, previous }]) => [
      label,
      current,
      previous,
      current === null || previous === null ? null : percent(percentChange(current, previous)),
    ]),
  ];
}

const day = h('day');

function ordersCsv(data: Analytics): Cell[][] {
  const { orders } = data;
  return [
    [day, h('ordersCreated'), h('ordersPaid'), h('paidRate'), h('payMedian'), h('p90')],
    ...orders.days.map((row) => [
      row.date,
      row.created,
      row.paid,
      percent(conversionPercent(row.paid, row.created)),
      row.medianSeconds,
      row.p90Seconds,
    ]),
    ...totals(data, [
      [h('ordersCreated'), orders.created],
      [h('ordersPaid'), orders.paid],
      [h('payMedian'), orders.medianSeconds],
      [h('payP90'), orders.p90Seconds],
    ]),
  ];
}

function ticketsCsv(data: Analytics): Cell[][] {
  const { tickets } = data;
  return [
    [day, h('ticketsOpened'), h('ticketsAnswered'), h('replyMedian'), h('p90')],
    ...tickets.days.map((row) => [row.date, row.opened, row.answered, row.medianSeconds, row.p90Seconds]),
    ...totals(data, [
      [h('ticketsOpened'), tickets.opened],
      [h('ticketsAnswered'), tickets.answered],
      [h('replyMedian'), tickets.medianSeconds],
      [h('replyP90'), tickets.p90Seconds],
    ]),
  ];
}

const tables: Record<AnalyticsMetric, (data: Analytics) => Cell[][]> = {
  revenue: (data) => [
    [day, h('revenue')],
    ...data.revenue.days.map((row) => [row.date, row.revenue]),
    ...totals(data, [[h('revenue'), data.revenue.total]]),
  ],
  payers: (data) => [
    [day, h('paying'), h('firstTime'), h('arppu')],
    ...data.payers.days.map((row) => [row.date, row.paying, row.firstTime, row.arppu]),
    ...totals(data, [
      [h('paying'), data.payers.paying],
      [h('firstTime'), data.payers.firstTime],
      [h('arppu'), data.payers.arppu],
    ]),
  ],
  orders: ordersCsv,
  packs: (data) => [
    [
      h('packId'),
      h('pack'),
      h('packRevenueCurrent'),
      h('packRevenuePrevious'),
      h('change'),
      h('packOrdersCurrent'),
      h('packOrdersPrevious'),
    ],
    ...data.packs.map((pack) => [
      pack.productId,
      pack.title,
      pack.revenue.current,
      pack.revenue.previous,
      percent(percentChange(pack.revenue.current, pack.revenue.previous)),
      pack.orders.current,
      pack.orders.previous,
    ]),
    ...totals(data, [[h('revenue'), data.revenue.total]]),
  ],
  'gift-codes': (data) => [
    [day, h('claims')],
    ...data.giftCodes.days.map((row) => [row.date, row.claims]),
    ...totals(data, [
      [h('claims'), data.giftCodes.claims],
      [h('claimPlayers'), data.giftCodes.players],
    ]),
  ],
  tickets: ticketsCsv,
};

/** One chart's table as CSV (UTF-8 with a BOM, amounts in đồng as plain integers). */
export function analyticsCsv(data: Analytics, metric: AnalyticsMetric): string {
  return csvFile(tables[metric](data));
}
