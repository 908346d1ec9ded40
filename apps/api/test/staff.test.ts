import { describe, expect, it } from 'vitest';
import { bearer, signIn, useTestApp } from './helpers';

const ctx = useTestApp();

const call = (method: 'GET' | 'POST' | 'PUT', url: string, token?: string, payload?: unknown) =>
  ctx.app.inject({ method, url, headers: token ? bearer(token) : {}, payload: payload as object });

describe('staff calls: players and audit log', () => {
  it('refuses guests (401) and players (403); staff may read, only admins change roles', async () => {
    const player = await signIn(ctx.app, 'player1', 'player123');
    const admin = await signIn(ctx.app, 'admin1', 'admin123');

    expect((await call('POST', '/api/internal/users/find-many', undefined, {})).statusCode).toBe(401);
    expect((await call('POST', '/api/internal/users/find-many', player, {})).json().code).toBe('api.forbidden');
    expect((await call('POST', '/api/internal/audit/find-many', player, {})).statusCode).toBe(403);

    const found = await call('POST', '/api/internal/users/find-many', admin, { q: '8805678' });
    expect(found.json().data.items).toHaveLength(1);
    const player2 = found.json().data.items[0];
    expect(player2).toMatchObject({ username: 'player2', role: 'player' });

    // Promote player2 to support: support can now read players, but not change roles.
    const promoted = await call('PUT', `/api/internal/users/${player2.id}/role`, admin, { role: 'support' });
    expect(promoted.json().data.role).toBe('support');
    const staff = await signIn(ctx.app, 'player2', 'player123');
    expect(
      // player10 matches 'player1' too.
      (await call('POST', '/api/internal/users/find-many', staff, { q: 'player1' }))
        .json()
        .data.items.find((user: { username: string }) => user.username === 'player1'),
    ).toMatchObject({
      shortId: '8801234',
    });
    expect((await call('GET', `/api/internal/users/${player2.id}`, staff)).json().data.shortId).toBe('8805678');
    const refused = await call('PUT', `/api/internal/users/${player2.id}/role`, staff, { role: 'admin' });
    expect(refused.statusCode).toBe(403);
  });

  it("a role change ends the member's sessions at once and is written to the audit log", async () => {
    const admin = await signIn(ctx.app, 'admin1', 'admin123');
    let player = await signIn(ctx.app, 'player1', 'player123');
    const me = async () => call('GET', '/api/me', player);
    const { id } = (await me()).json().data;
    expect((await me()).json().data.role).toBe('player');

    // Written in upper case, the id still reaches the member's sessions and the audit log's one form.
    await call('PUT', `/api/internal/users/${id.toUpperCase()}/role`, admin, { role: 'finance' });
    expect((await me()).statusCode).toBe(401);
    player = await signIn(ctx.app, 'player1', 'player123');
    expect((await me()).json().data.role).toBe('finance');
    await call('PUT', `/api/internal/users/${id}/role`, admin, { role: 'player' });
    expect((await me()).statusCode).toBe(401);

    // The role changes only: signed in as finance, the member also enrolled a second factor (audited too).
    const audit = (
      await call('POST', '/api/internal/audit/find-many', admin, { targetId: id, action: 'user.role.change' })
    ).json().data;
    expect(audit.total).toBe(2);
    expect(audit.items[0]).toMatchObject({
      action: 'user.role.change',
      actor: { displayName: 'Quản trị viên', shortId: '8800001' },
      detail: { from: 'finance', to: 'player', shortId: '8801234', sessionsEnded: 1 },
    });
    const byActor = (
      await call('POST', '/api/internal/audit/find-many', admin, { actorShortId: '8800001', pageSize: 1 })
    ).json().data;
    expect(byActor.items).toHaveLength(1);
    expect(byActor.total).toBeGreaterThanOrEqual(2);
  });

  it('refuses self-demotion, unknown players and bad input with clear codes', async () => {
    const admin = await signIn(ctx.app, 'admin1', 'admin123');
    const { id } = (await call('GET', '/api/me', admin)).json().data;
    const self = await call('PUT', `/api/internal/users/${id}/role`, admin, { role: 'player' });
    expect(self.json()).toMatchObject({ code: 'api.staff.self_demotion' });
    // The same id in upper case is the same admin: ids are compared in one (lower-case) form.
    const upper = await call('PUT', `/api/internal/users/${id.toUpperCase()}/role`, admin, { role: 'player' });
    expect(upper.statusCode).toBe(400);
    expect(upper.json()).toMatchObject({ code: 'api.staff.self_demotion' });
    expect((await call('GET', '/api/me', admin)).json().data.role).toBe('admin');
    expect((await call('GET', '/api/internal/users/not-a-uuid', admin)).json().code).toBe('api.error');
    expect((await call('PUT', `/api/internal/users/${id}/role`, admin, { role: 'king' })).json().code).toBe(
      'api.validation',
    );
    expect((await call('POST', '/api/internal/audit/find-many', admin, { from: 'yesterday' })).statusCode).toBe(400);
  });
});

describe('overview', () => {
  it("counts today's revenue and waiting work; a staff mark pays an order but brings no bank money", async () => {
    const admin = await signIn(ctx.app, 'admin1', 'admin123');
    const player = await signIn(ctx.app, 'player1', 'player123');
    expect((await call('GET', '/api/internal/overview', player)).statusCode).toBe(403);
    const before = (await call('GET', '/api/internal/overview', admin)).json().data;
    expect(before).toEqual({
      revenueToday: expect.any(Number),
      revenueMonth: expect.any(Number),
      ordersPaidToday: expect.any(Number),
      ordersWaiting: expect.any(Number),
      bankEventsToReview: expect.any(Number),
      deliveriesFailed: expect.any(Number),
      ticketsOpen: expect.any(Number),
    });

    const order = await call('POST', '/api/transactions/bank', player, { shortId: '8801234', productId: 46 });
    const orderId = order.json().data.id;
    const waiting = (await call('GET', '/api/internal/overview', admin)).json().data;
    expect(waiting.ordersWaiting).toBe(before.ordersWaiting + 1);

    const marked = await call('POST', `/api/internal/transactions/${orderId}/mark`, admin, {
      note: 'Chuyển khoản ngoài giờ',
    });
    expect(marked.statusCode).toBe(200);
    const ticket = await call('POST', '/api/tickets', player, {
      type: '1',
      incidentTime: 'Hôm nay',
      device: 'iPhone 13',
      title: 'Chưa nhận được quà',
      description: 'Tôi đã nạp nhưng chưa thấy quà trong hộp thư.',
    });
    expect(ticket.statusCode).toBe(200);

    const after = (await call('GET', '/api/internal/overview', admin)).json().data;
    // Revenue is money credited by the bank (revenue.test.ts): a mark adds a paid order, not money.
    expect(after.revenueToday).toBe(before.revenueToday);
    expect(after.revenueMonth).toBe(before.revenueMonth);
    expect(after.ordersPaidToday).toBe(before.ordersPaidToday + 1);
    expect(after.ordersWaiting).toBe(before.ordersWaiting);
    expect(after.ticketsOpen).toBe(before.ticketsOpen + 1);
  });
});
