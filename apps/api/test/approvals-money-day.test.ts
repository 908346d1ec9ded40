import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bearer, queryRows, signIn, useTestApp } from './helpers';
import { createTestPack, order, postWebhook, sepayEvent, transaction } from './store-helpers';

// Two people for money in total, not per action (issue 36, decision record 030): what a member
// marked paid, attached and refunded alone in the last 24 hours counts towards APPROVAL_THRESHOLD_VND
// (500,000đ here); the one that reaches it waits for a second admin. The race is in
// approvals-money-day.pg.test.ts.
const ctx = useTestApp();

const call = (url: string, token: string, payload?: object) =>
  ctx.app.inject({ method: 'POST', url, headers: bearer(token), ...(payload ? { payload } : {}) });

const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(ctx, query);

/** A bank event of `amount` whose memo names no order: money held for review. */
async function unmatchedTransfer(amount: number, content: string) {
  const event = sepayEvent('KHONGMA', amount, { content });
  expect((await postWebhook(ctx.app, event)).statusCode).toBe(200);
  const [stored] = await rows<{ id: string }>(sql`select id from bank_events where provider_id = ${String(event.id)}`);
  return stored!.id;
}

const pending = async (token: string, id: string) =>
  (await ctx.app.inject({ method: 'GET', url: '/api/internal/approvals?status=pending', headers: bearer(token) }))
    .json()
    .data.items.find((item: { id: string }) => item.id === id);

describe("a member's money over a rolling day", () => {
  it('makes the second of three 499,000đ mark-paids by one finance member wait, and the third', async () => {
    const admin1 = await signIn(ctx.app, 'admin1', 'admin123');
    const finance = await signIn(ctx.app, 'finance1', 'staff123');
    const packId = await createTestPack(ctx.app, admin1, { title: 'Gói 499k', price: 499_000 });
    const orders = [
      await order(ctx.app, '8801234', packId),
      await order(ctx.app, '8805678', packId),
      await order(ctx.app, '8809012', packId),
    ];
    const answers = [];
    for (const each of orders) {
      answers.push(await call(`/api/internal/transactions/${each.id}/mark`, finance, { note: 'Sao kê' }));
    }
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 202, 202]);
    expect(answers[1]!.json().code).toBe('api.approval.pending');
    expect((await transaction(ctx.app, orders[1]!.id)).status).toBe('initial');
    expect((await pending(admin1, answers[1]!.json().data.approvalId)).effect).toMatchObject({
      kind: 'order.mark_paid',
      orderCode: orders[1]!.code,
      amount: 499_000,
      receiver: { shortId: '8805678' },
    });
  });

  it('makes a refund split as 499,999 + 499,999 + 2 wait from its second part', async () => {
    const admin1 = await signIn(ctx.app, 'admin1', 'admin123');
    const eventId = await unmatchedTransfer(1_000_000, 'chuyen nham 1 trieu');
    const refund = (amount: number, part: number) =>
      call(`/api/internal/bank-events/${eventId}/refund`, admin1, {
        amount,
        bankReference: `FT-OUT-${part}`,
        reason: 'Khách chuyển nhầm',
      });
    const answers = [await refund(499_999, 1), await refund(499_999, 2), await refund(2, 3)];
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 202, 202]);
    // A bigint column: node-postgres reads it as a string, PGlite as a number.
    const refunded = await rows<{ amount: number | string }>(
      sql`select amount from refunds where bank_event_id = ${eventId}`,
    );
    expect(refunded.map((row) => Number(row.amount))).toEqual([499_999]);
  });

  it('makes an attach of 2,499,000đ wait, naming the order, and credits it once approved', async () => {
    const admin1 = await signIn(ctx.app, 'admin1', 'admin123');
    const admin2 = await signIn(ctx.app, 'admin2', 'admin123');
    const packId = await createTestPack(ctx.app, admin1, { title: 'Gói 2,499k', price: 2_499_000 });
    const target = await order(ctx.app, '8805678', packId);
    const eventId = await unmatchedTransfer(2_499_000, 'nap game cho ban');
    const asked = await call(`/api/internal/bank-events/${eventId}/attach`, admin2, {
      code: target.code,
      note: 'Khách gọi báo mã đơn',
    });
    expect(asked.statusCode).toBe(202);
    expect((await transaction(ctx.app, target.id)).status).toBe('initial');
    const { approvalId } = asked.json().data;
    const request = await pending(admin1, approvalId);
    expect(request).toMatchObject({ kind: 'bank_event.attach', amount: 2_499_000 });
    expect(request.effect).toMatchObject({
      orderCode: target.code,
      amount: 2_499_000,
      receiver: { shortId: '8805678' },
    });
    expect(request.summary).toContain(target.code);

    expect((await call(`/api/internal/approvals/${approvalId}/approve`, admin1)).statusCode).toBe(200);
    expect((await transaction(ctx.app, target.id)).status).toBe('done');
    const [event] = await rows<{ order_id: string }>(sql`select order_id from bank_events where id = ${eventId}`);
    expect(event?.order_id).toBe(target.id);
  });
});
