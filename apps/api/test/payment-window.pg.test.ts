import { vietnamTimestamp } from '@carabala/contracts/labels';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/rows';
import { bearer, signIn, useTestApp } from './helpers';
import { order, postWebhook, sepayEvent, transaction } from './store-helpers';

/**
 * The payment window (decision record 032) on PostgreSQL: bank money transferred inside an order's
 * window credits it; transferred after, it is held for review as late, and concurrent webhooks on both
 * sides of the boundary add up exactly whatever order they run in.
 */
const ctx = useTestApp({ ORDER_PAYMENT_MINUTES: '30' });

/** Moves an order's window end, as if it had been ordered earlier. */
async function setExpiry(id: string, at: Date) {
  await ctx.database.db.execute(sql`UPDATE orders SET expires_at = ${at.toISOString()}::timestamptz WHERE id = ${id}`);
}

async function eventsOf(orderId: string) {
  return rowsOf<{ match: string; amount: number; credited: number; providerId: string }>(
    await ctx.database.db.execute(sql`
      SELECT match, amount::int, credited_amount::int AS credited, provider_id AS "providerId"
      FROM bank_events WHERE order_id = ${orderId}`),
  );
}

/** A webhook for `code` whose bank transfer happened at `at`. */
const transferAt = (code: string, amount: number, at: Date) =>
  sepayEvent(code, amount, { transactionDate: vietnamTimestamp(at) });

describe.runIf(process.env.TEST_DB === 'postgres')('the payment window', () => {
  it('answers the window end, ORDER_PAYMENT_MINUTES after ordering', async () => {
    const before = Date.now();
    const { id } = await order(ctx.app, '8805678', 601);
    const placed = await transaction(ctx.app, id);
    const expiresAt = Date.parse(placed.expiresAt);
    expect(expiresAt).toBeGreaterThanOrEqual(before + 30 * 60_000 - 1000);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + 30 * 60_000 + 1000);
  });

  it('credits money transferred inside the window, even when its webhook comes after it', async () => {
    const { id, code, totalPrice } = await order(ctx.app, '8805678', 601);
    const end = new Date(Date.now() - 60_000);
    await setExpiry(id, end);
    // Transferred a second before the end, reported a minute later (SePay retries, or the pull).
    expect((await postWebhook(ctx.app, transferAt(code, totalPrice, new Date(end.getTime() - 1000)))).statusCode).toBe(
      200,
    );
    expect(await transaction(ctx.app, id)).toMatchObject({ status: 'done', accumulatedAmount: totalPrice });
    expect((await eventsOf(id)).map((event) => event.match)).toEqual(['credited']);
  });

  it('holds money transferred after the window as late: not added, the order stays open for staff', async () => {
    const { id, code, totalPrice } = await order(ctx.app, '8805678', 601);
    await postWebhook(ctx.app, transferAt(code, 10_000, new Date()));
    await setExpiry(id, new Date(Date.now() - 1000));
    const late = transferAt(code, totalPrice - 10_000, new Date());
    expect((await postWebhook(ctx.app, late)).json()).toEqual({ success: true });
    expect(await transaction(ctx.app, id)).toMatchObject({ status: 'initial', accumulatedAmount: 10_000 });
    const events = await eventsOf(id);
    expect(events.find((event) => event.providerId === String(late.id))).toMatchObject({
      match: 'late',
      credited: 0,
      amount: totalPrice - 10_000,
    });

    // The webhook sent again changes nothing (recorded once).
    await postWebhook(ctx.app, late);
    expect(await eventsOf(id)).toHaveLength(2);

    // Staff may put the late money on its own order (it is still open): paid and delivered as usual.
    const admin = await signIn(ctx.app, 'admin1', 'admin123');
    const review = await ctx.app.inject({
      method: 'POST',
      url: '/api/internal/bank-events/find-many',
      headers: bearer(admin),
      payload: { pageSize: 100 },
    });
    const held = review.json().data.items.find((item: { orderId: string | null }) => item.orderId === id);
    expect(held).toMatchObject({ match: 'late' });
    const attached = await ctx.app.inject({
      method: 'POST',
      url: `/api/internal/bank-events/${held.id}/attach`,
      headers: bearer(admin),
      payload: { code, note: 'chuyển sau hạn, khách xác nhận' },
    });
    expect(attached.statusCode, attached.body).toBe(200);
    expect(await transaction(ctx.app, id)).toMatchObject({ status: 'done', accumulatedAmount: totalPrice });
  });

  it('leaves a staff mark-paid unaffected by the window', async () => {
    const { id } = await order(ctx.app, '8805678', 601);
    await setExpiry(id, new Date(Date.now() - 3_600_000));
    const admin = await signIn(ctx.app, 'admin1', 'admin123');
    const marked = await ctx.app.inject({
      method: 'POST',
      url: `/api/internal/transactions/${id}/mark`,
      headers: bearer(admin),
      payload: { note: 'đã đối soát' },
    });
    expect(marked.statusCode, marked.body).toBe(200);
    expect((await transaction(ctx.app, id)).status).toBe('done');
  });

  it('keeps concurrent webhooks at the boundary exact: the in-window ones credit, the others are held', async () => {
    const { id, code } = await order(ctx.app, '8805678', 4647);
    const end = new Date(Date.now() - 5_000);
    await setExpiry(id, end);
    const inside = Array.from({ length: 8 }, (_, index) =>
      transferAt(code, 1_000 + index, new Date(end.getTime() - 1000)),
    );
    const outside = Array.from({ length: 8 }, (_, index) =>
      transferAt(code, 2_000 + index, new Date(end.getTime() + 1000)),
    );
    // Each sent twice, all at once and interleaved: SePay may repeat a call while the first still runs.
    const all = inside.flatMap((event, index) => [event, outside[index]!, event, outside[index]!]);
    const answers = await Promise.all(all.map((event) => postWebhook(ctx.app, event)));
    expect(answers.every((answer) => answer.statusCode === 200)).toBe(true);

    const sum = (events: { transferAmount: number }[]) =>
      events.reduce((total, event) => total + event.transferAmount, 0);
    expect(await transaction(ctx.app, id)).toMatchObject({ status: 'initial', accumulatedAmount: sum(inside) });
    const events = await eventsOf(id);
    expect(events).toHaveLength(16);
    const byId = new Map(events.map((event) => [event.providerId, event]));
    for (const event of inside) expect(byId.get(String(event.id))).toMatchObject({ match: 'credited' });
    for (const event of outside) expect(byId.get(String(event.id))).toMatchObject({ match: 'late', credited: 0 });
  });
});
