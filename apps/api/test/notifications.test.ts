import { describe, expect, it } from 'vitest';
import { bearer, signIn, useTestApp } from './helpers';
import { buy, order, postWebhook, sepayEvent, transaction } from './store-helpers';

const ctx = useTestApp();

const notifications = (token: string, since: string) =>
  ctx.app.inject({
    method: 'GET',
    url: `/api/me/notifications?since=${encodeURIComponent(since)}`,
    headers: bearer(token),
  });

describe('GET /api/me/notifications', () => {
  it('tells a returning player what changed: a paid order, money held for review, an answered ticket', async () => {
    const player = await signIn(ctx.app, 'player1', 'player123');
    const admin = await signIn(ctx.app, 'admin1', 'admin123');
    const lastVisit = new Date().toISOString();
    expect((await notifications(player, lastVisit)).json().data).toEqual([]);

    const paid = await order(ctx.app, '8801234', 101);
    expect((await postWebhook(ctx.app, sepayEvent(paid.code, paid.totalPrice))).statusCode).toBe(200);
    // A second transfer for the paid order cannot be credited: held for staff review.
    expect((await postWebhook(ctx.app, sepayEvent(paid.code, 10_000))).statusCode).toBe(200);

    const ticket = await ctx.app.inject({
      method: 'POST',
      url: '/api/tickets',
      headers: bearer(player),
      payload: {
        type: '1',
        incidentTime: 'hôm qua',
        device: 'iPhone',
        title: 'Không vào được game',
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

    const response = await notifications(player, lastVisit);
    expect(response.statusCode).toBe(200);
    const kinds = response.json().data.map((item: { kind: string; targetId: string }) => [item.kind, item.targetId]);
    expect(kinds).toEqual(
      expect.arrayContaining([
        ['order.paid', paid.id],
        ['order.held', paid.id],
        ['ticket.answered', ticketId],
      ]),
    );
    expect(kinds).toHaveLength(3);
    expect(response.json().data.find((item: { kind: string }) => item.kind === 'order.paid')).toMatchObject({
      productId: 101,
      title: 'Gói Tân Thủ',
      giftTo: null,
    });

    // Nothing after a later visit, and nothing of player1's for another player.
    expect((await notifications(player, new Date(Date.now() + 1000).toISOString())).json().data).toEqual([]);
    const other = await signIn(ctx.app, 'player2', 'player123');
    expect((await notifications(other, lastVisit)).json().data).toEqual([]);
  });

  it('names the receiver of a gift to its buyer, and not to the receiver', async () => {
    const buyer = await signIn(ctx.app, 'player1', 'player123');
    const receiver = await signIn(ctx.app, 'player2', 'player123');
    const lastVisit = new Date().toISOString();
    const created = await buy(ctx.app, '8805678', 102, bearer(buyer));
    const gift = await transaction(ctx.app, created.json().data.id);
    await postWebhook(ctx.app, sepayEvent(gift.code, gift.totalPrice));
    const paidOf = async (token: string) =>
      (await notifications(token, lastVisit))
        .json()
        .data.find(
          (item: { kind: string; targetId: string }) => item.kind === 'order.paid' && item.targetId === gift.id,
        );
    expect(await paidOf(buyer)).toMatchObject({ giftTo: 'Trần Bảo Ngọc' });
    expect(await paidOf(receiver)).toMatchObject({ giftTo: null });
  });

  it('needs a session and a valid time', async () => {
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/me/notifications?since=2026-01-01T00:00:00Z' })).statusCode,
    ).toBe(401);
    const player = await signIn(ctx.app, 'player1', 'player123');
    expect((await notifications(player, 'yesterday')).json().code).toBe('api.validation');
  });
});
