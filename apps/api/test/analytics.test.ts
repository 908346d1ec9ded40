import { foldText, vietnamDay, vietnamDayRange } from '@carabala/contracts/labels';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { giftCodeClaims, giftCodes, ticketReplies, tickets } from '../src/db/schema';
import { createPlayers, type TestPlayer } from './gift-code-fixtures';
import { bearer, signIn, useTestApp } from './helpers';
import { order, postWebhook, sepayEvent } from './store-helpers';

const ctx = useTestApp();

/**
 * The chosen range is three Vietnam days, D1 to D3 (2025-03-10 to 2025-03-12); the range before is
 * D-2 to D0 (2025-03-07 to 2025-03-09). `at('D1', '00:00')` is the instant of a Vietnam wall clock.
 */
const days = {
  'D-1': '2025-03-08',
  D0: '2025-03-09',
  D1: '2025-03-10',
  D2: '2025-03-11',
  D3: '2025-03-12',
  D4: '2025-03-13',
};
const at = (day: keyof typeof days, time: string) => new Date(`${days[day]}T${time}+07:00`);

let finance: string;
let players: TestPlayer[];

const get = async (url: string, token = finance) => {
  const response = await ctx.app.inject({ method: 'GET', url, headers: bearer(token) });
  expect(response.statusCode, response.body).toBe(200);
  return response;
};
const analytics = async (from: string, to: string) =>
  (await get(`/api/internal/analytics?from=${from}&to=${to}`)).json().data;

/** Pays an order (or nothing: an unmatched transfer) through the bank webhook, received at `when`. */
async function transfer(content: string, amount: number, when: Date) {
  const event = sepayEvent(content, amount);
  expect((await postWebhook(ctx.app, event)).json()).toEqual({ success: true });
  await ctx.database.db.execute(
    sql`update bank_events set received_at = ${when.toISOString()}::timestamptz
      where provider = 'sepay' and provider_id = ${String(event.id)}`,
  );
}

/** Moves an order to when it was created and, if paid, when it was paid. */
async function orderTimes(id: string, created: Date, paid?: Date) {
  await ctx.database.db.execute(
    sql`update orders set created_at = ${created.toISOString()}::timestamptz,
      paid_at = case when paid_at is null then null else ${(paid ?? created).toISOString()}::timestamptz end
      where id = ${id}`,
  );
}

async function ticket(player: TestPlayer, opened: Date, replied?: Date) {
  const [row] = await ctx.database.db
    .insert(tickets)
    .values({
      userId: player.id,
      shortId: player.shortId,
      type: '1',
      incidentTime: 'hôm qua',
      device: 'iPhone 13',
      title: 'Chưa nhận được gói',
      titleFolded: foldText('Chưa nhận được gói'),
      description: 'Đã chuyển khoản.',
      createdAt: opened,
    })
    .returning();
  if (replied) {
    await ctx.database.db
      .insert(ticketReplies)
      .values({ ticketId: row!.id, name: 'Hỗ trợ', content: 'Đã kiểm tra.', createdAt: replied });
  }
}

beforeAll(async () => {
  finance = await signIn(ctx.app, 'finance1', 'staff123');
  const admin = await signIn(ctx.app, 'admin1', 'admin123');
  // Players of their own: whether a payment is their first depends on nothing else.
  players = await createPlayers(ctx.database.db, ctx.app, 5);
  const [p1, p2, p3, p4, p5] = players as [TestPlayer, TestPlayer, TestPlayer, TestPlayer, TestPlayer];

  // The range before: p1 pays 79,000 for 602 on D-1, ten minutes after ordering.
  const early = await order(ctx.app, p1.shortId, 602);
  await transfer(early.code, 79_000, at('D-1', '09:10:00'));
  await orderTimes(early.id, at('D-1', '09:00:00'), at('D-1', '09:10:00'));

  // p1 pays 601 in two transfers across the D1/D2 midnight (17:00 UTC): 20,000 is D1's, 29,000 D2's.
  const split = await order(ctx.app, p1.shortId, 601);
  await transfer(split.code, 20_000, at('D1', '23:59:30'));
  await transfer(split.code, 29_000, at('D2', '00:00:30'));
  await orderTimes(split.id, at('D1', '10:00:00'), at('D2', '00:00:30'));
  // p2 orders at D1's first instant and pays 60,000 for 49,000: 49,000 is revenue, 11,000 held.
  const over = await order(ctx.app, p2.shortId, 601);
  await transfer(over.code, 60_000, at('D1', '00:30:00'));
  await orderTimes(over.id, at('D1', '00:00:00'), at('D1', '00:30:00'));
  // p3 pays on D2, five minutes after ordering; p4's order of D2 is never paid.
  const quick = await order(ctx.app, p3.shortId, 601);
  await transfer(quick.code, 49_000, at('D2', '12:05:00'));
  await orderTimes(quick.id, at('D2', '12:00:00'), at('D2', '12:05:00'));
  const unpaid = await order(ctx.app, p4.shortId, 601);
  await orderTimes(unpaid.id, at('D2', '13:00:00'));
  // p4's order of D3 is marked paid by staff: no bank money, no revenue, not paid by transfer.
  const marked = await order(ctx.app, p4.shortId, 601);
  const mark = await ctx.app.inject({
    method: 'POST',
    url: `/api/internal/transactions/${marked.id}/mark`,
    headers: bearer(admin),
    payload: { note: 'Khách chuyển vào tài khoản khác' },
  });
  expect(mark.statusCode, mark.body).toBe(200);
  await orderTimes(marked.id, at('D3', '08:00:00'), at('D3', '08:30:00'));
  // p5 orders ten minutes before D3 ends and pays 249,000 after it: the order is D3's, the money D4's.
  const late = await order(ctx.app, p5.shortId, 604);
  await transfer(late.code, 249_000, at('D4', '00:05:00'));
  await orderTimes(late.id, at('D3', '23:50:00'), at('D4', '00:05:00'));
  // Money that matched no order, on D3: held, not revenue.
  await transfer('CHUYEN TIEN KHONG MA', 100_000, at('D3', '15:00:00'));

  // Gift-code claims: the last second of D0 (before), the first of D1, and D3.
  const [code] = await ctx.database.db
    .insert(giftCodes)
    .values({ code: `PHANTICH${Date.now()}`, name: 'Phân tích', rewards: [] })
    .returning();
  const [code2] = await ctx.database.db
    .insert(giftCodes)
    .values({ code: `PHANTICHB${Date.now()}`, name: 'Phân tích B', rewards: [] })
    .returning();
  await ctx.database.db.insert(giftCodeClaims).values([
    { giftCodeId: code!.id, userId: p1.id, claimedAt: at('D0', '23:59:59') },
    { giftCodeId: code!.id, userId: p2.id, claimedAt: at('D1', '00:00:00') },
    { giftCodeId: code2!.id, userId: p2.id, claimedAt: at('D3', '12:00:00') },
    { giftCodeId: code!.id, userId: p3.id, claimedAt: at('D3', '12:30:00') },
  ]);

  // Tickets: before, one answered in an hour; D1 in 20 minutes; D2's last minute, answered after midnight
  // in 10 minutes; D3 unanswered.
  await ticket(p1, at('D0', '10:00:00'), at('D0', '11:00:00'));
  await ticket(p1, at('D1', '09:00:00'), at('D1', '09:20:00'));
  await ticket(p2, at('D2', '23:59:00'), at('D3', '00:09:00'));
  await ticket(p3, at('D3', '10:00:00'));
});

describe('analytics for a range of Vietnam days, beside the range before', () => {
  it('counts revenue, payers, orders, packs, claims and tickets by Vietnam day', async () => {
    const data = await analytics(days.D1, days.D3);
    expect(data).toMatchObject({
      from: days.D1,
      to: days.D3,
      days: 3,
      previousFrom: '2025-03-07',
      previousTo: days.D0,
    });

    expect(data.revenue.total).toEqual({ current: 20_000 + 49_000 + 29_000 + 49_000, previous: 79_000 });
    expect(data.revenue.days).toEqual([
      { date: days.D1, revenue: 69_000 },
      { date: days.D2, revenue: 78_000 },
      { date: days.D3, revenue: 0 },
    ]);

    // p1 paid before (D-1): paying now, not for the first time. ARPPU: 147,000 ÷ 3.
    expect(data.payers).toEqual({
      paying: { current: 3, previous: 1 },
      firstTime: { current: 2, previous: 1 },
      arppu: { current: 49_000, previous: 79_000 },
      days: [
        { date: days.D1, paying: 2, firstTime: 1, arppu: 34_500 },
        { date: days.D2, paying: 2, firstTime: 1, arppu: 39_000 },
        { date: days.D3, paying: 0, firstTime: 0, arppu: 0 },
      ],
    });

    // Paid by transfer after 1,800 s (p2), 50,430 s (p1), 300 s (p3) and 900 s (p5): median 1,350,
    // p90 1,800 + 0.7 × (50,430 − 1,800) = 35,841. The staff-marked order is created, not paid.
    expect(data.orders).toEqual({
      created: { current: 6, previous: 1 },
      paid: { current: 4, previous: 1 },
      medianSeconds: { current: 1_350, previous: 600 },
      p90Seconds: { current: 35_841, previous: 600 },
      days: [
        { date: days.D1, created: 2, paid: 2, medianSeconds: 26_115, p90Seconds: 45_567 },
        { date: days.D2, created: 2, paid: 1, medianSeconds: 300, p90Seconds: 300 },
        { date: days.D3, created: 2, paid: 1, medianSeconds: 900, p90Seconds: 900 },
      ],
    });

    expect(data.packs).toEqual([
      {
        productId: 601,
        title: '120 Kim Cương',
        revenue: { current: 147_000, previous: 0 },
        orders: { current: 3, previous: 0 },
      },
      {
        productId: 602,
        title: '200 Kim Cương',
        revenue: { current: 0, previous: 79_000 },
        orders: { current: 0, previous: 1 },
      },
    ]);

    expect(data.giftCodes).toEqual({
      claims: { current: 3, previous: 1 },
      players: { current: 2, previous: 1 },
      days: [
        { date: days.D1, claims: 1 },
        { date: days.D2, claims: 0 },
        { date: days.D3, claims: 2 },
      ],
    });

    // First replies after 1,200 s and 600 s: median 900, p90 600 + 0.9 × 600 = 1,140.
    expect(data.tickets).toEqual({
      opened: { current: 3, previous: 1 },
      answered: { current: 2, previous: 1 },
      medianSeconds: { current: 900, previous: 3_600 },
      p90Seconds: { current: 1_140, previous: 3_600 },
      days: [
        { date: days.D1, opened: 1, answered: 1, medianSeconds: 1_200, p90Seconds: 1_200 },
        { date: days.D2, opened: 1, answered: 1, medianSeconds: 600, p90Seconds: 600 },
        { date: days.D3, opened: 1, answered: 0, medianSeconds: null, p90Seconds: null },
      ],
    });
  });

  it("agrees with the daily report's revenue to the đồng, every day, also the last 30 days", async () => {
    const today = vietnamDay(new Date());
    const thirtyDaysAgo = vietnamDay(new Date(vietnamDayRange(today).from.getTime() - 29 * 86_400_000));
    const todayBefore = (await analytics(today, today)).revenue.total.current;
    // Today has money too (the demo's and this): paid now, as the webhook records it.
    const now = await order(ctx.app, players[4]!.shortId, 603);
    expect((await postWebhook(ctx.app, sepayEvent(now.code, 129_000))).json()).toEqual({ success: true });
    for (const [from, to] of [
      [days['D-1'], days.D4],
      [thirtyDaysAgo, today],
    ] as const) {
      const data = await analytics(from, to);
      for (const { date, revenue } of data.revenue.days) {
        const report = (await get(`/api/internal/reports/daily?date=${date}`)).json().data;
        expect({ date, revenue }).toEqual({ date, revenue: report.credited });
      }
    }
    const last30 = await analytics(thirtyDaysAgo, today);
    expect(last30.revenue.days.at(-1)).toEqual({ date: today, revenue: todayBefore + 129_000 });
    const overview = (await get('/api/internal/overview')).json().data;
    expect(last30.revenue.days.at(-1).revenue).toBe(overview.revenueToday);
  });

  it('exports each chart as a Vietnamese CSV with the totals of both ranges', async () => {
    const range = `from=${days.D1}&to=${days.D3}`;
    const revenue = await get(`/api/internal/analytics/export.csv?metric=revenue&${range}`);
    expect(revenue.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(revenue.headers['content-disposition']).toBe(`attachment; filename="doanh-thu-${days.D1}-${days.D3}.csv"`);
    expect(revenue.body.split('\r\n')).toEqual([
      '\uFEFFNgày (giờ VN),Doanh thu (đ)',
      `${days.D1},69000`,
      `${days.D2},78000`,
      `${days.D3},0`,
      '',
      `Chỉ số,Kỳ này (${days.D1} – ${days.D3}),Kỳ trước (2025-03-07 – ${days.D0}),Thay đổi`,
      'Doanh thu (đ),147000,79000,86.1%',
      '',
    ]);
    const orders = (await get(`/api/internal/analytics/export.csv?metric=orders&${range}`)).body.split('\r\n');
    expect(orders[1]).toBe(`${days.D1},2,2,100%,26115,45567`);
    expect(orders[2]).toBe(`${days.D2},2,1,50%,300,300`);
    const packs = (await get(`/api/internal/analytics/export.csv?metric=packs&${range}`)).body.split('\r\n');
    expect(packs[1]).toBe('601,120 Kim Cương,147000,0,,3,0');
    for (const metric of ['payers', 'gift-codes', 'tickets']) {
      const csv = await get(`/api/internal/analytics/export.csv?metric=${metric}&${range}`);
      expect(csv.body.split('\r\n')).toHaveLength(
        4 + 2 + 1 + (metric === 'payers' ? 3 : metric === 'gift-codes' ? 2 : 4),
      );
    }
  });

  it('is for finance and admin: support and players are refused, a bad range is a 400 in Vietnamese', async () => {
    const support = await signIn(ctx.app, 'support1', 'staff123');
    const player = await signIn(ctx.app, 'player1', 'player123');
    for (const token of [support, player]) {
      for (const url of [
        `/api/internal/analytics?from=${days.D1}&to=${days.D3}`,
        `/api/internal/analytics/export.csv?metric=revenue&from=${days.D1}&to=${days.D3}`,
      ]) {
        const refused = await ctx.app.inject({ method: 'GET', url, headers: bearer(token) });
        expect(refused.statusCode).toBe(403);
        expect(refused.json().code).toBe('api.forbidden');
      }
    }
    const admin = await signIn(ctx.app, 'admin1', 'admin123');
    await get(`/api/internal/analytics?from=${days.D1}&to=${days.D3}`, admin);

    for (const [query, message] of [
      [`from=${days.D3}&to=${days.D1}`, 'Ngày kết thúc phải từ ngày bắt đầu trở đi.'],
      ['from=2025-01-01&to=2026-01-02', 'Chỉ xem được tối đa 366 ngày một lần.'],
      ['from=1999-12-31&to=2000-01-02', 'Ngày phải từ 01/01/2000 đến 31/12/2099.'],
      ['from=2025-02-29&to=2025-03-01', 'Ngày không hợp lệ (yyyy-MM-dd).'],
    ]) {
      const refused = await ctx.app.inject({
        method: 'GET',
        url: `/api/internal/analytics?${query}`,
        headers: bearer(finance),
      });
      expect(refused.statusCode, query).toBe(400);
      expect(refused.json().code).toBe('api.validation');
      expect(refused.body).toContain(message);
    }
    const unknown = await ctx.app.inject({
      method: 'GET',
      url: `/api/internal/analytics/export.csv?metric=secrets&from=${days.D1}&to=${days.D3}`,
      headers: bearer(finance),
    });
    expect(unknown.statusCode).toBe(400);
  });
});
