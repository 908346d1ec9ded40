import { vietnamDay } from '@carabala/contracts/labels';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoHistory } from '../src/db/seed/history';
import { historyCalendar } from '../src/db/seed/history-days';
import { planOrders } from '../src/db/seed/history-orders';
import { planPlayers } from '../src/db/seed/history-players';
import { seededRandom } from '../src/db/seed/random';
import { findProductsOnSale } from '../src/modules/catalogue';
import { findOrderCodes, isOrderCode } from '../src/modules/orders';
import { bearer, queryRows, signIn, useTestApp } from './helpers';

const ctx = useTestApp();

const DAY = 86_400_000;
const today = vietnamDay(new Date());
const dayBefore = (days: number) => vietnamDay(new Date(Date.parse(`${today}T12:00:00+07:00`) - days * DAY));
/** The history's rows: those of its made-up players (User IDs 86xxxxx). */
const ofHistory = (column: string) => sql.raw(`${column} IN (SELECT id FROM users WHERE short_id LIKE '86%')`);
/** The history's bank transfers: those paying its players' orders. */
const historyEvents = sql.raw(
  `e.order_id IN (SELECT id FROM orders WHERE receiver_id IN (SELECT id FROM users WHERE short_id LIKE '86%'))`,
);

let finance: string;
const get = async (url: string) => {
  const response = await ctx.app.inject({ method: 'GET', url, headers: bearer(finance) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
};

beforeAll(async () => {
  finance = await signIn(ctx.app, 'finance1', 'staff123');
});

describe("the demo history: the console's 90-day view", () => {
  it('spans the 89 days before the seed day with orders on most days, and nothing before', async () => {
    const [span] = await queryRows<{ days: number; first: string; last: string; orders: number; players: number }>(
      ctx,
      sql`SELECT count(DISTINCT to_char(created_at + interval '7 hours', 'YYYY-MM-DD'))::int AS days,
          to_char(min(created_at) + interval '7 hours', 'YYYY-MM-DD') AS first,
          to_char(max(created_at) + interval '7 hours', 'YYYY-MM-DD') AS last, count(*)::int AS orders,
          (SELECT count(*)::int FROM users WHERE short_id LIKE '86%') AS players
        FROM orders WHERE ${ofHistory('receiver_id')}`,
    );
    expect(demoHistory.days).toBe(89);
    expect(span).toMatchObject({ first: dayBefore(89), last: dayBefore(1), players: demoHistory.players });
    expect(span!.days).toBeGreaterThanOrEqual(84);
    // The day's shoppers' orders, and the three limited packs ordered a second time and held.
    expect(span!.orders).toBe(demoHistory.orders + 3);
    // With the seed day's own orders, the console's "90 ngày" has orders on most days and none before it.
    const view = await get(`/api/internal/analytics?from=${dayBefore(89)}&to=${today}`);
    const busy = (view.orders.days as { created: number }[]).filter((day) => day.created > 0);
    expect(busy.length).toBeGreaterThanOrEqual(85);
    expect(view.days).toBe(90);
    expect([view.orders.created.previous, view.revenue.total.previous, view.tickets.opened.previous]).toEqual([
      0, 0, 0,
    ]);
    const [latest] = await queryRows<{ at: Date | string }>(
      ctx,
      sql`SELECT greatest(
          (SELECT max(received_at) FROM bank_events e WHERE ${historyEvents}),
          (SELECT max(created_at) FROM refunds), (SELECT max(claimed_at) FROM gift_code_claims WHERE ${ofHistory('user_id')}),
          (SELECT max(updated_at) FROM tickets WHERE ${ofHistory('user_id')})) AS at`,
    );
    expect(vietnamDay(new Date(latest!.at)) < today).toBe(true);
  });

  it("keeps the tables' rules: codes, prices, transfers, mails, refunds, claims and answers", async () => {
    const prices = new Map((await findProductsOnSale(ctx.database.db, new Date())).map((p) => [p.productId, p]));
    const orders = await queryRows<{
      code: string;
      product_id: number;
      product_title: string;
      total_price: number;
      status: string;
      accumulated_amount: string | number;
      credited: string | number;
      contents: string[] | null;
      mails: number;
    }>(
      ctx,
      sql`SELECT o.code, o.product_id, o.product_title, o.total_price, o.status, o.accumulated_amount,
          (SELECT coalesce(sum(credited_amount), 0) FROM bank_events e WHERE e.order_id = o.id) AS credited,
          (SELECT array_agg(content) FROM bank_events e WHERE e.order_id = o.id) AS contents,
          (SELECT count(*)::int FROM mails m WHERE m.source = 'order' AND m.source_id = o.id::text
            AND m.status = 'delivered') AS mails
        FROM orders o WHERE ${ofHistory('o.receiver_id')}`,
    );
    const statuses = new Set<string>();
    for (const order of orders) {
      statuses.add(order.status);
      expect(isOrderCode('CRB', order.code), order.code).toBe(true);
      expect(order.total_price).toBe(prices.get(order.product_id)!.price);
      expect(order.product_title).toBe(prices.get(order.product_id)!.title);
      for (const content of order.contents ?? []) expect(findOrderCodes('CRB', { content })).toContain(order.code);
      // A paid order: its transfers credited exactly its price, and its pack went out once.
      expect(Number(order.credited)).toBe(order.status === 'done' ? order.total_price : 0);
      expect(order.mails).toBe(order.status === 'done' ? 1 : 0);
      if (order.status === 'done') expect(Number(order.accumulated_amount)).toBeGreaterThanOrEqual(order.total_price);
    }
    expect([...statuses].sort()).toEqual(['done', 'held', 'initial']);

    // Every transfer that did not simply pay a pack (surplus, late, held) was refunded in full and reviewed.
    const [money] = await queryRows<{ waiting: number; refunded: number; unbalanced: number }>(
      ctx,
      sql`SELECT count(*) FILTER (WHERE match <> 'credited' AND reviewed_at IS NULL)::int AS waiting,
          count(*) FILTER (WHERE match <> 'credited')::int AS refunded,
          count(*) FILTER (WHERE match <> 'credited' AND amount - credited_amount
            <> (SELECT coalesce(sum(amount), 0) FROM refunds r WHERE r.bank_event_id = e.id))::int AS unbalanced
        FROM bank_events e WHERE ${historyEvents}`,
    );
    expect(money).toMatchObject({ waiting: 0, unbalanced: 0 });
    expect(money!.refunded).toBeGreaterThanOrEqual(3);

    const codes = await queryRows<{ code: string; uses: number; claims: number; mails: number }>(
      ctx,
      sql`SELECT g.code, g.uses_count AS uses, (SELECT count(*)::int FROM gift_code_claims c WHERE c.gift_code_id = g.id) AS claims,
          (SELECT count(*)::int FROM gift_code_claims c JOIN mails m ON m.source = 'gift_code' AND m.source_id = c.id::text
            AND m.status = 'delivered' WHERE c.gift_code_id = g.id) AS mails
        FROM gift_codes g WHERE g.code IN ('TANTHU', 'FANPAGE', 'LIVESTREAM', 'KEONGOT', 'TRUNGVANG')`,
    );
    expect(codes).toHaveLength(5);
    for (const code of codes) expect(code, code.code).toMatchObject({ uses: code.claims, mails: code.claims });
    expect(codes.find((code) => code.code === 'LIVESTREAM')!.claims).toBe(60);

    const [answers] = await queryRows<{ tickets: number; answered: number }>(
      ctx,
      sql`SELECT count(*)::int AS tickets, count(*) FILTER (WHERE status = 'PROCESSED' AND EXISTS (
            SELECT 1 FROM ticket_replies r JOIN users u ON u.id = r.author_id
            WHERE r.ticket_id = t.id AND u.role <> 'player' AND r.created_at > t.created_at))::int AS answered
        FROM tickets t WHERE ${ofHistory('t.user_id')}`,
    );
    expect(answers).toEqual({ tickets: demoHistory.tickets, answered: demoHistory.tickets });
  });

  it('gives the analytics a weekly rhythm and a rising trend, and daily reports that balance', async () => {
    const from = dayBefore(84);
    const to = dayBefore(1);
    const data = await get(`/api/internal/analytics?from=${from}&to=${to}`);
    const weekday = (date: string) => new Date(`${date}T12:00:00Z`).getUTCDay();
    const created = data.orders.days as { date: string; created: number; paid: number }[];
    const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
    const weekend = mean(created.filter((day) => [0, 6].includes(weekday(day.date))).map((day) => day.created));
    const midweek = mean(created.filter((day) => [1, 2, 3, 4].includes(weekday(day.date))).map((day) => day.created));
    expect(weekend).toBeGreaterThan(midweek * 1.2);
    // Twelve weeks: the last four sell more than the first four.
    const orders = (days: typeof created) => days.reduce((sum, day) => sum + day.created, 0);
    expect(orders(created.slice(56))).toBeGreaterThan(orders(created.slice(0, 28)) * 1.2);
    const revenue = (data.revenue.days as { revenue: number }[]).map((day) => day.revenue);
    expect(revenue.filter((value) => value > 0).length).toBeGreaterThanOrEqual(80);
    expect(new Set(revenue).size).toBeGreaterThan(40);
    expect(data.payers.firstTime.current).toBeGreaterThan(50);
    expect(data.orders.paid.current).toBeLessThan(data.orders.created.current);
    const claims = (data.giftCodes.days as { claims: number }[]).map((day) => day.claims);
    expect(Math.max(...claims)).toBeGreaterThanOrEqual(40);
    // Every history ticket is answered; the demo's own open ticket (seed/tickets.ts, five hours old) falls
    // in the range during Vietnam's small hours, when five hours ago was yesterday.
    const [open] = await queryRows<{ open: number }>(
      ctx,
      sql`SELECT count(*)::int AS open FROM tickets WHERE status = 'PROCESSING'
            AND created_at >= ${`${from}T00:00:00+07:00`}::timestamptz
            AND created_at < ${`${to}T00:00:00+07:00`}::timestamptz + interval '1 day'`,
    );
    expect(data.tickets.answered.current).toBe(data.tickets.opened.current - open!.open);
    expect(data.tickets.medianSeconds.current).toBeGreaterThan(0);

    // The last 30 days against the 30 before: both measured, so the console shows a change.
    const month = await get(`/api/internal/analytics?from=${dayBefore(30)}&to=${dayBefore(1)}`);
    expect(month.revenue.total.previous).toBeGreaterThan(0);
    expect(month.orders.created.current).toBeGreaterThan(month.orders.created.previous);

    // Each day's report adds up to the đồng and credits what the analytics count as revenue.
    const refundDays = await queryRows<{ day: string }>(
      ctx,
      sql`SELECT DISTINCT to_char(e.received_at + interval '7 hours', 'YYYY-MM-DD') AS day
        FROM bank_events e WHERE ${historyEvents} AND e.match <> 'credited'`,
    );
    const days = [...new Set([...refundDays.map((row) => row.day), dayBefore(84), dayBefore(42), dayBefore(2)])];
    for (const day of days.filter((date) => date >= from)) {
      const report = await get(`/api/internal/reports/daily?date=${day}`);
      expect(report, day).toMatchObject({ balanced: true, held: 0 });
      expect(report.moneyIn, day).toBe(report.credited + report.refunded);
      expect(report.credited, day).toBe(data.revenue.days.find((row: { date: string }) => row.date === day).revenue);
    }
  });

  it('is the same at every seed of a day (a seeded generator)', async () => {
    const products = await findProductsOnSale(ctx.database.db, new Date());
    const plan = () => {
      const random = seededRandom(38);
      const calendar = historyCalendar(new Date());
      const players = planPlayers(calendar, random);
      const { orders, events } = planOrders({ calendar, random, players, products, financeId: 'finance' });
      return {
        players: players.map(({ shortId, displayName, createdAt }) => [shortId, displayName, createdAt.getTime()]),
        orders: orders.map(({ code, productId, createdAt, status }) => [code, productId, createdAt.getTime(), status]),
        events: events.map(({ amount, match, receivedAt }) => [amount, match, receivedAt.getTime()]),
      };
    };
    expect(plan()).toEqual(plan());
  });
});
