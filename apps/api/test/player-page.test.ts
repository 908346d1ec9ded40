import { describe, expect, it } from 'vitest';
import { demoGiftCodes } from '../src/db/seed/gift-codes';
import { bearer, signIn, useTestApp } from './helpers';
import { buy, postWebhook, sepayEvent, transaction } from './store-helpers';

const ctx = useTestApp();

const get = (url: string, token?: string) =>
  ctx.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
const overviewOf = (id: string, token: string) => get(`/api/internal/users/${id}/overview`, token);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The keys under which a UUID appears anywhere in a value. */
function uuidKeys(value: unknown, key = '', found = new Set<string>()): Set<string> {
  if (typeof value === 'string' && UUID.test(value)) found.add(key);
  else if (Array.isArray(value)) value.forEach((item) => uuidKeys(item, key, found));
  else if (value && typeof value === 'object') {
    for (const [name, inner] of Object.entries(value)) uuidKeys(inner, name, found);
  }
  return found;
}

describe('GET /api/internal/users/{id}/overview: the player page', () => {
  it("shows a player's orders bought and received, tickets, claimed gift codes, mails and sessions", async () => {
    const player1 = await signIn(ctx.app, 'player1', 'player123', 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0)');
    const player2 = await signIn(ctx.app, 'player2', 'player123');
    const support = await signIn(ctx.app, 'support1', 'staff123');
    const { id } = (await get('/api/me', player1)).json().data;

    // Bought for themself and paid (its pack's mail is written); a gift from player2, not paid yet.
    const own = await transaction(ctx.app, (await buy(ctx.app, '8801234', 101, bearer(player1))).json().data.id);
    expect((await postWebhook(ctx.app, sepayEvent(own.code, own.totalPrice))).statusCode).toBe(200);
    const gift = await transaction(ctx.app, (await buy(ctx.app, '8801234', 102, bearer(player2))).json().data.id);
    const ticket = await ctx.app.inject({
      method: 'POST',
      url: '/api/tickets',
      headers: bearer(player1),
      payload: { type: '1', incidentTime: 'hôm qua', device: 'iPhone', title: 'Chưa nhận quà', description: 'Mô tả' },
    });
    expect(ticket.statusCode, ticket.body).toBe(200);
    const claim = await ctx.app.inject({
      method: 'POST',
      url: '/api/gift-codes/claim',
      headers: bearer(player1),
      payload: { code: demoGiftCodes.working },
    });
    expect(claim.statusCode, claim.body).toBe(200);

    const response = await overviewOf(id, support);
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json().data;
    expect(page.player).toMatchObject({ id, shortId: '8801234', username: 'player1', role: 'player' });
    expect(page.player.lastSignInAt).toEqual(expect.any(String));

    const orderOf = (code: string) => page.orders.find((row: { code: string }) => row.code === code);
    expect(orderOf(own.code)).toMatchObject({
      id: own.id,
      productTitle: 'Gói Tân Thủ',
      totalPrice: own.totalPrice,
      status: 'done',
      delivery: 'pending',
      role: 'both',
      counterpart: null,
    });
    expect(orderOf(gift.code)).toMatchObject({
      status: 'initial',
      role: 'received',
      counterpart: { shortId: '8805678', displayName: expect.any(String) },
    });

    expect(page.tickets[0]).toMatchObject({
      id: ticket.json().data.id,
      number: expect.any(Number),
      title: 'Chưa nhận quà',
      status: 'PROCESSING',
    });
    const claimed = page.giftCodes.find((row: { code: string }) => row.code === demoGiftCodes.working);
    expect(claimed).toMatchObject({
      giftCodeId: expect.stringMatching(UUID),
      rewards: claim.json().data.rewards,
      delivery: 'pending',
    });
    expect(page.mails).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ status: 'pending', link: { kind: 'order', id: own.id } }),
        expect.objectContaining({ items: claimed.rewards, link: { kind: 'giftCode', id: claimed.giftCodeId } }),
      ]),
    );
    expect(page.sessions).toEqual(
      expect.arrayContaining([expect.objectContaining({ device: expect.stringContaining('iPhone') })]),
    );

    // Ids only where a link needs one: staff read codes, numbers and names.
    expect([...uuidKeys(page)].sort()).toEqual(['giftCodeId', 'id']);

    // player2's page lists the gift as bought, naming its receiver.
    const other = (
      await overviewOf(page.orders.find((row: { code: string }) => row.code === gift.code).counterpart.id, support)
    ).json().data;
    expect(other.orders.find((row: { code: string }) => row.code === gift.code)).toMatchObject({
      role: 'bought',
      counterpart: { id, shortId: '8801234' },
    });
  });

  it('is for staff with players.read: players and finance get 403, guests 401', async () => {
    const admin = await signIn(ctx.app, 'admin1', 'admin123');
    const { id } = (await get('/api/me', admin)).json().data;
    expect((await get(`/api/internal/users/${id}/overview`)).statusCode).toBe(401);
    for (const [username, password] of [
      ['player2', 'player123'],
      ['finance1', 'staff123'],
    ] as const) {
      const response = await overviewOf(id, await signIn(ctx.app, username, password));
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('api.forbidden');
    }
    expect((await overviewOf(id, admin)).statusCode).toBe(200);
    expect((await overviewOf(id.toUpperCase(), admin)).json().data.player.id).toBe(id);
  });

  it('answers 404 for an unknown id and never a 5xx for a malformed one', async () => {
    const admin = await signIn(ctx.app, 'admin1', 'admin123');
    const unknown = await overviewOf('00000000-0000-4000-8000-000000000000', admin);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('api.error');
    for (const bad of ['not-a-uuid', '1', "'%20or%201=1", '%E2%80%8B', 'x'.repeat(500), '8801234']) {
      const response = await overviewOf(bad, admin);
      expect(response.statusCode, bad).toBeLessThan(500);
      expect(response.statusCode, bad).toBeGreaterThanOrEqual(400);
    }
  });
});
