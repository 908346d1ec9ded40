import { z } from 'zod';

/**
 * The console's analytics (`/admin/analytics`): for a range of Vietnam days, each figure per day and
 * for the whole range, beside the same figure for the range of the same length just before it.
 */

/** The longest range read at once: a year and a day. */
export const ANALYTICS_MAX_DAYS = 366;
/** The first and last days a range may name. */
export const ANALYTICS_FIRST_DAY = '2000-01-01';
export const ANALYTICS_LAST_DAY = '2099-12-31';

export const analyticsMessages = {
  date: 'analytics.date',
  order: 'analytics.order',
  tooLong: 'analytics.tooLong',
  outside: 'analytics.outside',
} as const;

/** The days from `from` to `to`, both included (Vietnam days, yyyy-MM-dd); NaN for a malformed day. */
export function analyticsDays({ from, to }: { from: string; to: string }): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

const day = z.iso.date({ error: analyticsMessages.date });
const rangeShape = { from: day, to: day };
type Range = { from: string; to: string };

// Refinements never throw: a malformed day compares false or NaN and is refused by `day` already.
function refineRange<T extends z.ZodType<Range>>(schema: T) {
  return schema
    .refine((range) => range.from <= range.to, { message: analyticsMessages.order, path: ['to'] })
    .refine((range) => !(analyticsDays(range) > ANALYTICS_MAX_DAYS), {
      message: analyticsMessages.tooLong,
      params: { days: ANALYTICS_MAX_DAYS },
      path: ['to'],
    })
    .refine((range) => range.from >= ANALYTICS_FIRST_DAY && range.to <= ANALYTICS_LAST_DAY, {
      message: analyticsMessages.outside,
      path: ['from'],
    });
}

/** GET /api/internal/analytics?from=…&to=…: the range, both days included. */
export const analyticsQuerySchema = refineRange(z.object(rangeShape));
export type AnalyticsQuery = z.infer<typeof analyticsQuerySchema>;

/** What a CSV holds: one file per chart. */
export const analyticsMetrics = ['revenue', 'payers', 'orders', 'packs', 'gift-codes', 'tickets'] as const;
export type AnalyticsMetric = (typeof analyticsMetrics)[number];

/** GET /api/internal/analytics/export.csv?metric=…&from=…&to=…. */
export const analyticsExportQuerySchema = refineRange(z.object({ ...rangeShape, metric: z.enum(analyticsMetrics) }));
export type AnalyticsExportQuery = z.infer<typeof analyticsExportQuerySchema>;

const count = z.number().int();
/** A figure of the chosen range and of the range of the same length just before it. */
const compared = z.object({ current: count, previous: count });
/** A duration in whole seconds (a median, a 90th percentile); null when nothing was measured. */
const seconds = z.number().int().nullable();
const comparedSeconds = z.object({ current: seconds, previous: seconds });
const date = z.string();

export const analyticsSchema = z.object({
  from: date,
  to: date,
  days: count,
  /** The range before, of the same length: the comparison's. */
  previousFrom: date,
  previousTo: date,
  /** Revenue in đồng, the daily report's "Đã ghi có": bank money credited to orders, by the day it came. */
  revenue: z.object({ total: compared, days: z.array(z.object({ date, revenue: count })) }),
  /**
   * Players (the receivers of the orders) whose orders bank money was credited to; first-time: their
   * first credited money ever came in the range (day); ARPPU: revenue ÷ paying players, to the đồng.
   */
  payers: z.object({
    paying: compared,
    firstTime: compared,
    arppu: compared,
    days: z.array(z.object({ date, paying: count, firstTime: count, arppu: count })),
  }),
  /** Bank-transfer orders created in the range (day), those of them paid in full by transfer, and how long that took. */
  orders: z.object({
    created: compared,
    paid: compared,
    medianSeconds: comparedSeconds,
    p90Seconds: comparedSeconds,
    days: z.array(z.object({ date, created: count, paid: count, medianSeconds: seconds, p90Seconds: seconds })),
  }),
  /** Revenue by pack (as the order named it), highest first; `orders`: the orders with revenue. */
  packs: z.array(z.object({ productId: count, title: z.string(), revenue: compared, orders: compared })),
  giftCodes: z.object({
    claims: compared,
    /** Different players who claimed. */
    players: compared,
    days: z.array(z.object({ date, claims: count })),
  }),
  /** Tickets opened in the range (day), those answered since, and the time to the first staff reply. */
  tickets: z.object({
    opened: compared,
    answered: compared,
    medianSeconds: comparedSeconds,
    p90Seconds: comparedSeconds,
    days: z.array(z.object({ date, opened: count, answered: count, medianSeconds: seconds, p90Seconds: seconds })),
  }),
});
export type Analytics = z.infer<typeof analyticsSchema>;

/** The change from `previous` to `current` in percent, one decimal; null when there was nothing before. */
export function percentChange(current: number, previous: number): number | null {
  return previous === 0 ? null : Math.round(((current - previous) / previous) * 1000) / 10;
}

/** The share of orders paid in percent, one decimal; null without orders. */
export function conversionPercent(paid: number, created: number): number | null {
  return created === 0 ? null : Math.round((paid / created) * 1000) / 10;
}
