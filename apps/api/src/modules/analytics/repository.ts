import { sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { rowsOf, vietnamDate } from '../../db/rows';
import { claimLines } from '../gift-codes';
import { bankOrderLines } from '../orders';
import { revenueLines } from '../payments';
import { openedTicketLines } from '../tickets';

/**
 * The analytics' statements. Each module gives its rows as a relation (`revenueLines`, the one
 * revenue definition; `bankOrderLines`; `claimLines`; `openedTicketLines`); every figure here is an
 * aggregate of such a relation, computed by the database.
 */

/** The chosen range [from, to) and the range of the same length before it, [previousFrom, from). */
export interface Periods {
  previousFrom: Date;
  from: Date;
  to: Date;
}

/** The figures of one group (a day of the chosen range, or a whole period); null: no rows, or nothing measured. */
export type Figures = Record<string, number | null>;

export interface ByDayAndPeriod {
  current: Figures;
  previous: Figures;
  /** The chosen range's days (yyyy-MM-dd) that had any line; the others are all zero. */
  days: Map<string, Figures>;
}

const iso = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/** Whole seconds between two instants, the median or 90th percentile over the group (nulls are skipped). */
const percentileSeconds = (fraction: number, from: string, to: string) =>
  sql.raw(`round(percentile_cont(${fraction}) WITHIN GROUP (ORDER BY extract(epoch FROM ${to} - ${from})))::int`);

/** Numbers from the driver (bigint and numeric arrive as strings on node-postgres). */
function figuresOf(row: Record<string, unknown>, names: string[]): Figures {
  return Object.fromEntries(names.map((name) => [name, row[name] == null ? null : Number(row[name])]));
}

/**
 * One statement: the figures of `lines` (rows over [previousFrom, to)) grouped by the Vietnam day of
 * their `at` column and by period, `GROUPING SETS` giving each period's total in the same read.
 */
async function byDayAndPeriod(
  db: Db | Tx,
  periods: Periods,
  lines: SQL,
  at: string,
  figures: Record<string, SQL>,
): Promise<ByDayAndPeriod> {
  const columns = sql.join(
    Object.entries(figures).map(([name, expression]) => sql`${expression} AS ${sql.identifier(name)}`),
    sql`, `,
  );
  const instant = sql`${sql.identifier(at)}`;
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      SELECT period, day, ${columns}
      FROM (
        SELECT line.*, ${vietnamDate(instant)} AS day,
          CASE WHEN ${instant} >= ${iso(periods.from)} THEN 'current' ELSE 'previous' END AS period
        FROM (${lines}) AS line
      ) AS dated
      GROUP BY GROUPING SETS ((period), (period, day))`),
  );
  const names = Object.keys(figures);
  const empty = figuresOf({}, names);
  const result: ByDayAndPeriod = { current: empty, previous: empty, days: new Map() };
  for (const row of rows) {
    const values = figuresOf(row, names);
    if (row.day === null) result[row.period === 'current' ? 'current' : 'previous'] = values;
    else if (row.period === 'current') result.days.set(String(row.day), values);
  }
  return result;
}

const both = (periods: Periods) => ({ from: periods.previousFrom, to: periods.to });

/** Revenue in đồng: the sum of the daily report's credited money. */
export const revenueByDay = (db: Db | Tx, periods: Periods) =>
  byDayAndPeriod(db, periods, revenueLines(both(periods)), 'received_at', {
    revenue: sql`coalesce(sum(credited), 0)::bigint`,
  });

/** Players with revenue: the receivers of the orders bank money was credited to. */
export const payingPlayersByDay = (db: Db | Tx, periods: Periods) =>
  byDayAndPeriod(
    db,
    periods,
    sql`SELECT received_at, receiver_id, credited FROM (${revenueLines(both(periods))}) AS revenue WHERE credited > 0`,
    'received_at',
    { paying: sql`count(DISTINCT receiver_id)::int` },
  );

/** Players whose first credited money ever (since the first bank event) came in the period or day. */
export const firstTimePayersByDay = (db: Db | Tx, periods: Periods) =>
  byDayAndPeriod(
    db,
    periods,
    sql`SELECT receiver_id, first_at FROM (
        SELECT receiver_id, min(received_at) AS first_at
        FROM (${revenueLines({ from: new Date(0), to: periods.to })}) AS revenue
        WHERE credited > 0
        GROUP BY receiver_id
      ) AS firsts
      WHERE first_at >= ${iso(periods.previousFrom)}`,
    'first_at',
    { firstTime: sql`count(*)::int` },
  );

/** The median and p90 of the time between two columns of the rows. */
const timesBetween = (from: string, to: string) => ({
  medianSeconds: percentileSeconds(0.5, from, to),
  p90Seconds: percentileSeconds(0.9, from, to),
});

/** Bank-transfer orders created, those paid in full by transfer, and the time from order to payment. */
export const ordersByDay = (db: Db | Tx, periods: Periods) =>
  byDayAndPeriod(db, periods, bankOrderLines(both(periods)), 'created_at', {
    created: sql`count(*)::int`,
    paid: sql`count(paid_at)::int`,
    ...timesBetween('created_at', 'paid_at'),
  });

export const giftCodeClaimsByDay = (db: Db | Tx, periods: Periods) =>
  byDayAndPeriod(db, periods, claimLines(both(periods)), 'claimed_at', {
    claims: sql`count(*)::int`,
    players: sql`count(DISTINCT user_id)::int`,
  });

/** Tickets opened, those answered by staff, and the time to the first staff reply. */
export const ticketsByDay = (db: Db | Tx, periods: Periods) =>
  byDayAndPeriod(db, periods, openedTicketLines(both(periods)), 'created_at', {
    opened: sql`count(*)::int`,
    answered: sql`count(first_reply_at)::int`,
    ...timesBetween('created_at', 'first_reply_at'),
  });

/**
 * Revenue by pack, highest first in the chosen range: the pack as its orders named it (the latest
 * title), its revenue and its orders with revenue in each period. Promotions, once they exist, are
 * grouped the same way by the promotion their order carries.
 */
export async function revenueByPack(db: Db | Tx, periods: Periods) {
  const current = sql`received_at >= ${iso(periods.from)}`;
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      SELECT product_id AS "productId",
        (array_agg(product_title ORDER BY received_at DESC))[1] AS title,
        coalesce(sum(credited) FILTER (WHERE ${current}), 0)::bigint AS "currentRevenue",
        coalesce(sum(credited) FILTER (WHERE NOT ${current}), 0)::bigint AS "previousRevenue",
        count(DISTINCT order_id) FILTER (WHERE credited > 0 AND ${current})::int AS "currentOrders",
        count(DISTINCT order_id) FILTER (WHERE credited > 0 AND NOT ${current})::int AS "previousOrders"
      FROM (${revenueLines(both(periods))}) AS revenue
      WHERE product_id IS NOT NULL
      GROUP BY product_id
      HAVING sum(credited) > 0
      ORDER BY 3 DESC, 4 DESC, product_id`),
  );
  return rows.map((row) => ({
    productId: Number(row.productId),
    title: String(row.title),
    revenue: { current: Number(row.currentRevenue), previous: Number(row.previousRevenue) },
    orders: { current: Number(row.currentOrders), previous: Number(row.previousOrders) },
  }));
}
