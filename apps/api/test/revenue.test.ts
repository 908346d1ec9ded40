import { vietnamDay, vietnamDayRange } from '@carabala/contracts/labels';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bearer, signIn, useTestApp } from './helpers';
import { order, postWebhook, sepayEvent } from './store-helpers';

const ctx = useTestApp();

/** Moves a recorded transfer (and the order it paid) to another instant, as if it had come then. */
async function receivedAt(providerId: number, at: Date, orderId?: string) {
  await ctx.database.db.execute(
    sql`update bank_events set received_at = ${at.toISOString()}::timestamptz
      where provider = 'sepay' and provider_id = ${String(providerId)}`,
  );
  if (orderId) {
    await ctx.database.db.execute(
      sql`update orders set paid_at = ${at.toISOString()}::timestamptz where id = ${orderId} and paid_at is not null`,
    );
  }
}

async function pay(code: string, amount: number, at?: Date, orderId?: string) {
  const event = sepayEvent(code, amount);
  expect((await postWebhook(ctx.app, event)).json()).toEqual({ success: true });
  if (at) await receivedAt(event.id, at, orderId);
}

describe('one revenue: the overview and the daily report agree, in Vietnam time', () => {
  it("counts today's money credited to orders, around Vietnam's midnight (17:00 UTC), the same on both", async () => {
    const headers = bearer(await signIn(ctx.app, 'admin1', 'admin123'));
    const get = async (url: string) => {
      const response = await ctx.app.inject({ method: 'GET', url, headers });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data;
    };
    const now = new Date();
    const today = vietnamDay(now);
    const midnight = vietnamDayRange(today).from;
    // 17:00 UTC the day before: a UTC day would put these on the other side of the boundary.
    expect(midnight.getUTCHours()).toBe(17);
    const yesterday = vietnamDay(new Date(midnight.getTime() - 1));
    const justBefore = new Date(midnight.getTime() - 60_000);
    const justAfter = new Date(Math.min(midnight.getTime() + 60_000, now.getTime() - 1));
    const report = (day: string) => get(`/api/internal/reports/daily?date=${day}`);
    const [todayBefore, yesterdayBefore] = [(await report(today)).credited, (await report(yesterday)).credited];

    // Paid in two transfers across midnight: only the second part is today's revenue.
    const split = await order(ctx.app, '8801234', 601);
    await pay(split.code, 20_000, justBefore);
    await pay(split.code, 29_000, justAfter, split.id);
    // Paid in full a minute before midnight: yesterday's.
    const late = await order(ctx.app, '8801234', 602);
    await pay(late.code, 79_000, new Date(midnight.getTime() - 30_000), late.id);
    // Marked paid by staff without bank money: no revenue.
    const marked = await order(ctx.app, '8805678', 603);
    const mark = await ctx.app.inject({
      method: 'POST',
      url: `/api/internal/transactions/${marked.id}/mark`,
      headers,
      payload: { note: 'Khách chuyển vào tài khoản khác' },
    });
    expect(mark.statusCode, mark.body).toBe(200);
    // Paid now.
    const paidNow = await order(ctx.app, '8805678', 604);
    await pay(paidNow.code, 249_000);

    const todayReport = await report(today);
    const overview = await get('/api/internal/overview');
    expect(todayReport.credited - todayBefore).toBe(29_000 + 249_000);
    expect((await report(yesterday)).credited - yesterdayBefore).toBe(20_000 + 79_000);
    expect(overview.revenueToday).toBe(todayReport.credited);
    expect(todayReport.balanced).toBe(true);
    expect(overview.revenueMonth).toBeGreaterThanOrEqual(overview.revenueToday);

    // The CSV says the same.
    const csv = await ctx.app.inject({ method: 'GET', url: `/api/internal/reports/daily.csv?date=${today}`, headers });
    expect(csv.body.split('\r\n')[1]).toMatch(new RegExp(`^${today},\\d+,${overview.revenueToday},`));
  });
});
