import { analyticsDays, type Analytics, type AnalyticsExportQuery, type AnalyticsQuery } from '@carabala/contracts';
import { vietnamDay, vietnamDayRange } from '@carabala/contracts/labels';
import type { Db } from '../../lib/deps';
import { analyticsCsv } from './csv';
import {
  firstTimePayersByDay,
  giftCodeClaimsByDay,
  ordersByDay,
  payingPlayersByDay,
  revenueByDay,
  revenueByPack,
  ticketsByDay,
  type ByDayAndPeriod,
  type Figures,
  type Periods,
} from './repository';

const DAY_MS = 86_400_000;

/** A count (0 when the group had no rows). */
const count = (figures: Figures | undefined, name: string) => figures?.[name] ?? 0;
/** A measured duration (null when nothing was measured). */
const measured = (figures: Figures | undefined, name: string) => figures?.[name] ?? null;
/** Revenue ÷ paying players, rounded to the đồng; 0 without payers. */
const arppu = (revenue: number, paying: number) => (paying === 0 ? 0 : Math.round(revenue / paying));

function comparedOf(figures: ByDayAndPeriod, name: string) {
  return { current: count(figures.current, name), previous: count(figures.previous, name) };
}

function comparedSecondsOf(figures: ByDayAndPeriod, name: string) {
  return { current: measured(figures.current, name), previous: measured(figures.previous, name) };
}

/**
 * Counts (`names`) and the median and p90 times of one statistic (orders to payment, tickets to a first
 * reply): each compared with the range before, and day by day.
 */
function timed<N extends string>(stats: ByDayAndPeriod, names: readonly N[], dates: string[]) {
  const each = <V>(value: (name: N) => V) =>
    Object.fromEntries(names.map((name) => [name, value(name)])) as Record<N, V>;
  return {
    ...each((name) => comparedOf(stats, name)),
    medianSeconds: comparedSecondsOf(stats, 'medianSeconds'),
    p90Seconds: comparedSecondsOf(stats, 'p90Seconds'),
    days: dates.map((date) => {
      const day = stats.days.get(date);
      const times = { medianSeconds: measured(day, 'medianSeconds'), p90Seconds: measured(day, 'p90Seconds') };
      return { date, ...each((name) => count(day, name)), ...times };
    }),
  };
}

/** The range's instants, the range before it, and its days in order. */
function periodsOf({ from, to }: AnalyticsQuery) {
  const days = analyticsDays({ from, to });
  const start = vietnamDayRange(from).from;
  const periods: Periods = {
    previousFrom: new Date(start.getTime() - days * DAY_MS),
    from: start,
    to: vietnamDayRange(to).to,
  };
  const dates = Array.from({ length: days }, (_, index) => vietnamDay(new Date(start.getTime() + index * DAY_MS)));
  return { days, periods, dates };
}

/**
 * The console's analytics: revenue (the daily report's), paying players, orders to payment, revenue
 * by pack, gift-code claims and tickets, for a range of Vietnam days and the range before it.
 */
export function createAnalyticsService({ db }: { db: Db }) {
  async function analytics(query: AnalyticsQuery): Promise<Analytics> {
    const { days, periods, dates } = periodsOf(query);
    // One snapshot: every figure is read from the same state of the database.
    const [revenue, paying, firstTime, orders, packs, claims, tickets] = await db.transaction(
      async (tx) =>
        [
          await revenueByDay(tx, periods),
          await payingPlayersByDay(tx, periods),
          await firstTimePayersByDay(tx, periods),
          await ordersByDay(tx, periods),
          await revenueByPack(tx, periods),
          await giftCodeClaimsByDay(tx, periods),
          await ticketsByDay(tx, periods),
        ] as const,
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    const revenueTotal = comparedOf(revenue, 'revenue');
    const payingTotal = comparedOf(paying, 'paying');
    return {
      from: query.from,
      to: query.to,
      days,
      previousFrom: vietnamDay(periods.previousFrom),
      previousTo: vietnamDay(new Date(periods.from.getTime() - 1)),
      revenue: {
        total: revenueTotal,
        days: dates.map((date) => ({ date, revenue: count(revenue.days.get(date), 'revenue') })),
      },
      payers: {
        paying: payingTotal,
        firstTime: comparedOf(firstTime, 'firstTime'),
        arppu: {
          current: arppu(revenueTotal.current, payingTotal.current),
          previous: arppu(revenueTotal.previous, payingTotal.previous),
        },
        days: dates.map((date) => {
          const players = count(paying.days.get(date), 'paying');
          return {
            date,
            paying: players,
            firstTime: count(firstTime.days.get(date), 'firstTime'),
            arppu: arppu(count(revenue.days.get(date), 'revenue'), players),
          };
        }),
      },
      orders: timed(orders, ['created', 'paid'], dates),
      packs,
      giftCodes: {
        claims: comparedOf(claims, 'claims'),
        players: comparedOf(claims, 'players'),
        days: dates.map((date) => ({ date, claims: count(claims.days.get(date), 'claims') })),
      },
      tickets: timed(tickets, ['opened', 'answered'], dates),
    };
  }

  return {
    analytics,

    /** One chart's table as CSV, with the totals of both ranges under it. */
    async exportCsv({ metric, ...range }: AnalyticsExportQuery): Promise<string> {
      return analyticsCsv(await analytics(range), metric);
    },
  };
}

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
