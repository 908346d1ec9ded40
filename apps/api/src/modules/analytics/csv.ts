import { conversionPercent, percentChange, type Analytics, type AnalyticsMetric } from '@carabala/contracts';
import { csvFile } from '../../lib/csv';

type Cell = string | number | null;
type Compared = { current: number | null; previous: number | null };

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
      'Chỉ số',
      `Kỳ này (${data.from} – ${data.to})`,
      `Kỳ trước (${data.previousFrom} – ${data.previousTo})`,
      'Thay đổi',
    ],
    ...figures.map(([label, { current, previous }]) => [
      label,
      current,
      previous,
      current === null || previous === null ? null : percent(percentChange(current, previous)),
    ]),
  ];
}

const day = 'Ngày (giờ VN)';

function ordersCsv(data: Analytics): Cell[][] {
  const { orders } = data;
  return [
    [day, 'Đơn tạo', 'Đơn đã thanh toán', 'Tỉ lệ thanh toán', 'Trung vị thời gian thanh toán (giây)', 'P90 (giây)'],
    ...orders.days.map((row) => [
      row.date,
      row.created,
      row.paid,
      percent(conversionPercent(row.paid, row.created)),
      row.medianSeconds,
      row.p90Seconds,
    ]),
    ...totals(data, [
      ['Đơn tạo', orders.created],
      ['Đơn đã thanh toán', orders.paid],
      ['Trung vị thời gian thanh toán (giây)', orders.medianSeconds],
      ['P90 thời gian thanh toán (giây)', orders.p90Seconds],
    ]),
  ];
}

function ticketsCsv(data: Analytics): Cell[][] {
  const { tickets } = data;
  return [
    [day, 'Yêu cầu mới', 'Đã được trả lời', 'Trung vị phản hồi đầu tiên (giây)', 'P90 (giây)'],
    ...tickets.days.map((row) => [row.date, row.opened, row.answered, row.medianSeconds, row.p90Seconds]),
    ...totals(data, [
      ['Yêu cầu mới', tickets.opened],
      ['Đã được trả lời', tickets.answered],
      ['Trung vị phản hồi đầu tiên (giây)', tickets.medianSeconds],
      ['P90 phản hồi đầu tiên (giây)', tickets.p90Seconds],
    ]),
  ];
}

const tables: Record<AnalyticsMetric, (data: Analytics) => Cell[][]> = {
  revenue: (data) => [
    [day, 'Doanh thu (đ)'],
    ...data.revenue.days.map((row) => [row.date, row.revenue]),
    ...totals(data, [['Doanh thu (đ)', data.revenue.total]]),
  ],
  payers: (data) => [
    [day, 'Người chơi trả tiền', 'Trả tiền lần đầu', 'ARPPU (đ)'],
    ...data.payers.days.map((row) => [row.date, row.paying, row.firstTime, row.arppu]),
    ...totals(data, [
      ['Người chơi trả tiền', data.payers.paying],
      ['Trả tiền lần đầu', data.payers.firstTime],
      ['ARPPU (đ)', data.payers.arppu],
    ]),
  ],
  orders: ordersCsv,
  packs: (data) => [
    ['Mã gói', 'Gói', 'Doanh thu kỳ này (đ)', 'Doanh thu kỳ trước (đ)', 'Thay đổi', 'Đơn kỳ này', 'Đơn kỳ trước'],
    ...data.packs.map((pack) => [
      pack.productId,
      pack.title,
      pack.revenue.current,
      pack.revenue.previous,
      percent(percentChange(pack.revenue.current, pack.revenue.previous)),
      pack.orders.current,
      pack.orders.previous,
    ]),
    ...totals(data, [['Doanh thu (đ)', data.revenue.total]]),
  ],
  'gift-codes': (data) => [
    [day, 'Lượt nhận giftcode'],
    ...data.giftCodes.days.map((row) => [row.date, row.claims]),
    ...totals(data, [
      ['Lượt nhận giftcode', data.giftCodes.claims],
      ['Người chơi nhận', data.giftCodes.players],
    ]),
  ],
  tickets: ticketsCsv,
};

/** One chart's table as CSV (UTF-8 with a BOM, amounts in đồng as plain integers). */
export function analyticsCsv(data: Analytics, metric: AnalyticsMetric): string {
  return csvFile(tables[metric](data));
}
