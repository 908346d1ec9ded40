import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { bearer, queryRows, signIn, useTestApp } from './helpers';
import { buy, order, postWebhook, sepayEvent, transaction } from './store-helpers';

const ctx = useTestApp();

type Item = { kind: string; targetId: string; held: { reason: string; amount: number } | null };

const notifications = async (token: string): Promise<Item[]> => {
  const response = await ctx.app.inject({ method: 'GET', url: '/api/me/notifications', headers: bearer(token) });
  expect(response.statusCode).toBe(200);
  return response.json().data;
};
const markSeen = (token: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/me/notifications/seen', headers: bearer(token) });

async function answeredTicket(player: string, admin: string, title: string) {
  const ticket = await ctx.app.inject({
    method: 'POST',
    url: '/api/tickets',
    headers: bearer(player),
    payload: {
      type: '1',
      incidentTime: 'hôm qua',
      device: 'iPhone',
      title,
      description: 'Mô tả',
      status: 'PROCESSING',
    },
  });
  const ticketId = ticket.json().data.id as string;
  const reply = await ctx.app.inject({
    method: 'PATCH',
    url: `/api/tickets/${ticketId}`,
    headers: bearer(admin),
    payload: { reply: 'Đã xử lý.', status: 'PROCESSED' },
  });
  expect(reply.statusCode).toBe(200);
  return ticketId;
}

describe('GET /api/me/notifications', () => {
  it('tells a returning player what changed since they last saw it: a paid order, held money, an answered ticket', async () => {
    const player = await signIn(ctx.app, 'player1', 'player123');
    const admin = await signIn(ctx.app, 'admin1', 'admin123');
    expect((await markSeen(player)).statusCode).toBe(200);
    expect(await notifications(player)).toEqual([]);

    const paid = await order(ctx.app, '8801234', 101);
    expect((await postWebhook(ctx.app, sepayEvent(paid.code, paid.totalPrice))).statusCode).toBe(200);
    // A second transfer for the paid order cannot be credited: held for staff review.
    expect((await postWebhook(ctx.app, sepayEvent(paid.code, 10_000))).statusCode).toBe(200);
    const ticketId = await answeredTicket(player, admin, 'Không vào được game');

    const items = await notifications(player);
    expect(items.map((item) => [item.kind, item.targetId])).toEqual(
      expect.arrayContaining([
        ['order.paid', paid.id],
        ['order.held', paid.id],
        ['ticket.answered', ticketId],
      ]),
    );
    expect(items).toHaveLength(3);
    expect(items.find((item) => item.kind === 'order.paid')).toMatchObject({
      productId: 101,
      title: 'Gói Tân Thủ',
      giftTo: null,
      held: null,
    });
    expect(items.find((item) => item.kind === 'order.held')).toMatchObject({
      held: { reason: 'late', amount: 10_000 },
    });
  });

  it('is seen once per account: marking seen in one session empties every other session, and not another player', async () => {
    const tabOne = await signIn(ctx.app, 'player1', 'player123');
    const tabTwo = await signIn(ctx.app, 'player1', 'player123');
    const other = await signIn(ctx.app, 'player2', 'player123');
    await markSeen(tabOne);
    await markSeen(other);
    const paid = await order(ctx.app, '8801234', 101);
    await postWebhook(ctx.app, sepayEvent(paid.code, paid.totalPrice));
    const forOther = await order(ctx.app, '8805678', 101);
    await postWebhook(ctx.app, sepayEvent(forOther.code, forOther.totalPrice));

    expect((await notifications(tabTwo)).map((item) => item.targetId)).toEqual([paid.id]);
    const seen = await markSeen(tabOne);
    expect(seen.json().data.seenAt).toEqual(expect.any(String));
    // The next GET, from any session of the account, is empty: no client clock is needed.
    expect(await notifications(tabOne)).toEqual([]);
    expect(await notifications(tabTwo)).toEqual([]);
    // player2's own news is still unseen.
    expect((await notifications(other)).map((item) => item.targetId)).toEqual([forOther.id]);

    // What happens after it is news again.
    const later = await order(ctx.app, '8801234', 101);
    await postWebhook(ctx.app, sepayEvent(later.code, later.totalPrice));
    expect((await notifications(tabTwo)).map((item) => item.targetId)).toEqual([later.id]);
  });

  it('tells an over-payment once, on the paid order, with the surplus', async () => {
    const player = await signIn(ctx.app, 'player1', 'player123');
    await markSeen(player);
    const paid = await order(ctx.app, '8801234', 101);
    await postWebhook(ctx.app, sepayEvent(paid.code, paid.totalPrice + 5_000));
    const items = await notifications(player);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      kind: 'order.paid',
      targetId: paid.id,
      held: { reason: 'overpaid', amount: 5_000 },
    });
  });

  it('names the receiver of a gift to its buyer, and not to the receiver', async () => {
    const buyer = await signIn(ctx.app, 'player1', 'player123');
    const receiver = await signIn(ctx.app, 'player2', 'player123');
    await markSeen(buyer);
    await markSeen(receiver);
    const created = await buy(ctx.app, '8805678', 102, bearer(buyer));
    const gift = await transaction(ctx.app, created.json().data.id);
    await postWebhook(ctx.app, sepayEvent(gift.code, gift.totalPrice));
    const paidOf = async (token: string) =>
      (await notifications(token)).find((item) => item.kind === 'order.paid' && item.targetId === gift.id);
    expect(await paidOf(buyer)).toMatchObject({ giftTo: 'Trần Bảo Ngọc' });
    expect(await paidOf(receiver)).toMatchObject({ giftTo: null });
  });

  it('needs a session', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/me/notifications' })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/me/notifications/seen' })).statusCode).toBe(401);
  });
});

describe('GET /api/me/notifications/inbox', () => {
  it('keeps what changed, read or unread: a paid order with its mail, the surplus held, then refunded with its reference', async () => {
    const player = await signIn(ctx.app, 'player5', 'player123');
    const admin = await signIn(ctx.app, 'admin1', 'admin123');
    const inbox = async () => {
      const response = await ctx.app.inject({
        method: 'GET',
        url: '/api/me/notifications/inbox',
        headers: bearer(player),
      });
      expect(response.statusCode).toBe(200);
      return response.json().data as {
        seenAt: string;
        items: (Item & {
          unread: boolean;
          delivery: string | null;
          refund: { amount: number; reference: string } | null;
        })[];
      };
    };
    expect((await markSeen(player)).statusCode).toBe(200);
    const paid = await order(ctx.app, '8807890', 101);
    expect((await postWebhook(ctx.app, sepayEvent(paid.code, paid.totalPrice + 41_000))).statusCode).toBe(200);

    const before = await inbox();
    const paidItem = before.items.find((item) => item.kind === 'order.paid' && item.targetId === paid.id);
    expect(paidItem).toMatchObject({ unread: true, held: { reason: 'overpaid', amount: 41_000 } });
    expect(['pending', 'delivered']).toContain(paidItem!.delivery);

    const [event] = await queryRows<{ id: string }>(
      ctx,
      sql`select id from bank_events where order_id = ${paid.id} and match = 'overpaid'`,
    );
    const refund = await ctx.app.inject({
      method: 'POST',
      url: `/api/internal/bank-events/${event!.id}/refund`,
      headers: bearer(admin),
      payload: { amount: 41_000, bankReference: 'FT-HOAN-41', reason: 'Hoàn tiền chuyển dư' },
    });
    expect(refund.statusCode).toBe(200);

    const after = await inbox();
    expect(after.items[0]).toMatchObject({
      kind: 'order.refunded',
      targetId: paid.id,
      unread: true,
      refund: { amount: 41_000, reference: 'FT-HOAN-41' },
    });
    // The toast's list carries the refund too.
    expect((await notifications(player)).map((item) => item.kind)).toContain('order.refunded');

    expect((await markSeen(player)).statusCode).toBe(200);
    const read = await inbox();
    expect(read.items.length).toBe(after.items.length);
    expect(read.items.every((item) => !item.unread)).toBe(true);
    expect(await notifications(player)).toEqual([]);
  });
});
