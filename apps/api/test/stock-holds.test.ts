import { vietnamTimestamp } from '@carabala/contracts/labels';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/rows';
import { bearer, signIn, useTestApp } from './helpers';
import { createTestPack, postWebhook, sepayEvent, transaction } from './store-helpers';

// Issue 36, item 8 and issue 38 (decision record 041): unpaid orders hold a pack's stock within bounds.
// A receiver has at most one unpaid order of a pack with a stock, which its signed-in buyer gets back;
// a guest's order holds its unit for GUEST_STOCK_HOLD_MINUTES only, and money sent later waits for staff.
const ctx = useTestApp({ ORDER_PAYMENT_MINUTES: '30', GUEST_STOCK_HOLD_MINUTES: '0.05' });

let content: string;
beforeAll(async () => {
  content = await signIn(ctx.app, 'content1', 'staff123');
});

const buyAs = (shortId: string, productId: number, token?: string, remoteAddress = '127.0.0.1') =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/transactions/bank',
    remoteAddress,
    headers: token ? bearer(token) : {},
    payload: { shortId, productId },
  });

const minutesLeft = async (id: string) =>
  (Date.parse((await transaction(ctx.app, id)).expiresAt) - Date.now()) / 60_000;

describe('a pack with a stock', () => {
  it('has at most one unpaid order per receiver: its signed-in buyer gets it back, anyone else is refused', async () => {
    const pack = await createTestPack(ctx.app, content, { price: 10_000, stock: 5 });
    const buyer = await signIn(ctx.app, 'player1', 'player123');
    const made = await buyAs('8805678', pack, buyer);
    expect(made.json()).toMatchObject({ code: 'api.success', data: { reopened: false } });
    const id: string = made.json().data.id;
    const first = await transaction(ctx.app, id);

    const again = await buyAs('8805678', pack, buyer);
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toEqual({ id, reopened: true });
    const reopened = await transaction(ctx.app, id);
    expect(reopened).toMatchObject({ code: first.code, expiresAt: first.expiresAt, status: 'initial' });

    const message =
      'User ID 8805678 đang có một đơn chờ thanh toán của gói này. Hãy hoàn tất đơn đó, hoặc đặt lại sau khi đơn hết hạn thanh toán.';
    const other = await signIn(ctx.app, 'player4', 'player123');
    for (const refused of [await buyAs('8805678', pack, other), await buyAs('8805678', pack)]) {
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({
        code: 'api.transaction.open_order_exists',
        message,
        key: 'store.openOrderExists',
        params: { shortId: '8805678' },
        errors: { shortId: [message] },
        issues: { shortId: [{ key: 'store.openOrderExists', params: { shortId: '8805678' } }] },
      });
    }
    // Another receiver may order it; once paid, the receiver may order it again, as a new order.
    expect((await buyAs('8809012', pack, buyer)).json().data.reopened).toBe(false);
    await postWebhook(ctx.app, sepayEvent(first.code, 10_000));
    expect((await transaction(ctx.app, id)).status).toBe('done');
    const next = await buyAs('8805678', pack, other);
    expect(next.statusCode).toBe(200);
    expect(next.json().data.id).not.toBe(id);
  });

  it("lets a guest's order hold its unit for a few minutes only; money sent later is held for review", async () => {
    const pack = await createTestPack(ctx.app, content, { price: 10_000, stock: 1 });
    const guest = await buyAs('8801234', pack);
    expect(guest.statusCode).toBe(200);
    const guestOrder = await transaction(ctx.app, guest.json().data.id);
    expect(await minutesLeft(guestOrder.id)).toBeLessThanOrEqual(0.05);

    const player = await signIn(ctx.app, 'player2', 'player123');
    expect((await buyAs('8805678', pack, player)).json().code).toBe('api.transaction.product.sold_out');
    // Past the 3 s hold by more than the second the bank's timestamps are truncated to.
    await new Promise((resolve) => setTimeout(resolve, 4_200));
    const signedIn = await buyAs('8805678', pack, player);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    // A signed-in player's order holds its unit for the whole payment window.
    expect(await minutesLeft(signedIn.json().data.id)).toBeGreaterThan(29);
    // So does a guest's order of a pack without a stock.
    expect(await minutesLeft((await buyAs('8809012', 101)).json().data.id)).toBeGreaterThan(29);

    // The guest pays after their hold: the money waits for staff, the unit stays the player's.
    const late = sepayEvent(guestOrder.code, 10_000, { transactionDate: vietnamTimestamp(new Date()) });
    expect((await postWebhook(ctx.app, late)).statusCode).toBe(200);
    expect(await transaction(ctx.app, guestOrder.id)).toMatchObject({ status: 'initial', accumulatedAmount: 0 });
    const [event] = rowsOf<{ match: string; credited: number }>(
      await ctx.database.db.execute(
        sql`select match, credited_amount::int as credited from bank_events where order_id = ${guestOrder.id}`,
      ),
    );
    expect(event).toEqual({ match: 'late', credited: 0 });
  });
});
