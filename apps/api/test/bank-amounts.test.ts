import { text } from '../src/lib/sentences';
import { describe, expect, it } from 'vitest';
import { bearer, signIn, useTestApp } from './helpers';
import { order, postWebhook, sepayEvent, transaction } from './store-helpers';

// The default ceiling: 10,000,000,000đ per transfer.
const ctx = useTestApp();

describe('bank amounts above the ceiling are held, and no sum can break an answer', () => {
  it('holds transfers above BANK_EVENT_MAX_AMOUNT for review, and the order, its staff page and the daily report answer 200', async () => {
    const headers = bearer(await signIn(ctx.app, 'admin1', 'admin123'));
    const { id, code } = await order(ctx.app, '8801234', 601);
    // Two transfers whose sum passes 2^53, and one just above the ceiling.
    const huge = Number.MAX_SAFE_INTEGER - 1;
    const events = [sepayEvent(code, huge), sepayEvent(code, huge), sepayEvent(code, 10_000_000_001)];
    for (const event of events) {
      const answer = await postWebhook(ctx.app, event);
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({ success: true });
    }

    const mine = await ctx.app.inject({ method: 'GET', url: `/api/transactions/bank/${id}` });
    expect(mine.statusCode).toBe(200);
    // Held money is not the order's: it waits for staff and the order stays unpaid.
    expect(mine.json().data).toMatchObject({ status: 'initial', accumulatedAmount: 0 });

    const staffPage = await ctx.app.inject({ method: 'GET', url: `/api/internal/transactions/${id}`, headers });
    expect(staffPage.statusCode).toBe(200);

    const review = await ctx.app.inject({
      method: 'POST',
      url: '/api/internal/bank-events/find-many',
      headers,
      payload: { pageSize: 100 },
    });
    expect(review.statusCode).toBe(200);
    const held = review
      .json()
      .data.items.filter((item: { providerId: string }) =>
        events.some((event) => String(event.id) === item.providerId),
      );
    expect(held).toHaveLength(3);
    for (const event of held) expect(event).toMatchObject({ match: 'too_large', creditedAmount: 0 });
    expect(text('adminPayments.match.too_large')).toMatch(/^Tạm giữ: số tiền/);

    const today = new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);
    const report = await ctx.app.inject({ method: 'GET', url: `/api/internal/reports/daily?date=${today}`, headers });
    expect(report.statusCode).toBe(200);
    const { moneyIn, events: listed } = report.json().data as { moneyIn: number; events: { amount: number }[] };
    expect(moneyIn).toBeGreaterThan(2 * huge);
    // The CSV carries the day's sum to the đồng, past 2^53, as the database adds it.
    const exact = listed.reduce((sum, event) => sum + BigInt(event.amount), 0n);
    const csv = await ctx.app.inject({ method: 'GET', url: `/api/internal/reports/daily.csv?date=${today}`, headers });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain(`\r\n${today},${exact},`);
  });

  it('credits a transfer at the ceiling as before, and tells the player of held money past 2^31', async () => {
    const player = bearer(await signIn(ctx.app, 'player1', 'player123'));
    const { id, code, totalPrice } = await order(ctx.app, '8801234', 601);
    expect((await postWebhook(ctx.app, sepayEvent(code, 10_000_000_000))).statusCode).toBe(200);
    expect(await transaction(ctx.app, id)).toMatchObject({ status: 'done', accumulatedAmount: 10_000_000_000 });
    const notifications = await ctx.app.inject({ method: 'GET', url: '/api/me/notifications', headers: player });
    expect(notifications.statusCode).toBe(200);
    expect(JSON.stringify(notifications.json().data)).toContain(String(10_000_000_000 - totalPrice));
  });
});
