import { characterMessages } from '@carabala/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { giftCodeCalls } from './gift-code-fixtures';
import { bearer, queryRows, signIn, useTestApp } from './helpers';
import { buy, postWebhook, sepayEvent, transaction } from './store-helpers';

// Issue 37: the receiver's servers and characters in the look-up, the purchase, the claim and the mail.
// The demo's player10 (8800246) has three characters on two servers; every other demo player has none.

const ctx = useTestApp();

const PLAYER10 = '8800246';
const PACK = 601;
const bachHa = {
  serverId: 's2',
  serverName: 'Máy chủ 2 - Bạch Hổ',
  characterId: 'c-201',
  characterName: 'Bạch Hà',
  level: 37,
};

let player10: string;
let player1: string;
let admin: string;

beforeAll(async () => {
  [player10, player1, admin] = await Promise.all([
    signIn(ctx.app, 'player10', 'player123'),
    signIn(ctx.app, 'player1', 'player123'),
    signIn(ctx.app, 'admin1', 'admin123'),
  ]);
});

const lookup = (shortId: string, token?: string) =>
  ctx.app.inject({
    method: 'GET',
    url: `/api/users/lookup?shortId=${shortId}`,
    headers: token ? bearer(token) : {},
  });

const mailOf = async (source: string, sourceId: string) =>
  (
    await queryRows<{ character: unknown; receiver_short_id: string }>(
      ctx,
      sql`select character, receiver_short_id from mails where source = ${source} and source_id = ${sourceId}`,
    )
  )[0];

describe('GET /api/users/lookup: the receiver with their servers and characters', () => {
  it('lists player10 servers, in id order, each with its characters and levels', async () => {
    const response = await lookup(PLAYER10, player1);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toEqual({
      shortId: PLAYER10,
      displayName: 'Lý Thanh Hà',
      avatar: null,
      servers: [
        {
          id: 's1',
          name: 'Máy chủ 1 - Rồng Lửa',
          characters: [
            { id: 'c-101', name: 'Thanh Hà', level: 52 },
            { id: 'c-102', name: 'Hà Nhỏ', level: 18 },
          ],
        },
        { id: 's2', name: 'Máy chủ 2 - Bạch Hổ', characters: [{ id: 'c-201', name: 'Bạch Hà', level: 37 }] },
      ],
    });
  });

  it('answers no servers for a player without characters, and a player may look themselves up', async () => {
    const other = await lookup('8805678');
    expect(other.json().data).toMatchObject({ shortId: '8805678', servers: [] });
    const self = await lookup(PLAYER10, player10);
    expect(self.json().data.servers).toHaveLength(2);
  });
});

describe('POST /api/transactions/bank: the character that receives the pack', () => {
  it('refuses an order for player10 without a choice, naming the field to fill', async () => {
    const none = await buy(ctx.app, PLAYER10, PACK, bearer(player1));
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({
      code: 'api.character.required',
      key: characterMessages.serverRequired,
      message: 'Vui lòng chọn máy chủ.',
      errors: { serverId: ['Vui lòng chọn máy chủ.'] },
      issues: { serverId: [{ key: characterMessages.serverRequired }] },
    });
    const serverOnly = await ctx.app.inject({
      method: 'POST',
      url: '/api/transactions/bank',
      headers: bearer(player1),
      payload: { shortId: PLAYER10, productId: PACK, serverId: 's1' },
    });
    expect(serverOnly.json()).toMatchObject({
      code: 'api.character.required',
      errors: { characterId: ['Vui lòng chọn nhân vật.'] },
      issues: { characterId: [{ key: characterMessages.characterRequired }] },
    });
  });

  it('refuses a character that is not on the chosen server', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/transactions/bank',
      headers: bearer(player1),
      payload: { shortId: PLAYER10, productId: PACK, serverId: 's1', characterId: 'c-201' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'api.character.unknown',
      errors: { characterId: ['Nhân vật không còn trên máy chủ này. Vui lòng chọn lại.'] },
      issues: { characterId: [{ key: characterMessages.unknownCharacter }] },
    });
  });

  it('keeps the chosen character on the order, its receipt, history and console, and mails it when paid', async () => {
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/transactions/bank',
      headers: bearer(player10),
      payload: { shortId: PLAYER10, productId: PACK, serverId: 's2', characterId: 'c-201' },
    });
    expect(created.statusCode, created.body).toBe(200);
    const id: string = created.json().data.id;
    const panel = await transaction(ctx.app, id);
    expect(panel.character).toEqual(bachHa);

    const paid = await postWebhook(ctx.app, sepayEvent(panel.code, panel.totalPrice));
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await mailOf('order', id)).toEqual({ character: bachHa, receiver_short_id: PLAYER10 });

    const receipt = await ctx.app.inject({
      method: 'GET',
      url: `/api/transactions/receipt/${panel.code}`,
      headers: bearer(player10),
    });
    expect(receipt.json().data.character).toEqual(bachHa);
    const history = await ctx.app.inject({ method: 'GET', url: '/api/transactions/me', headers: bearer(player10) });
    expect(history.json().data.items.find((item: { id: string }) => item.id === id).character).toEqual(bachHa);

    const consoleOrder = await ctx.app.inject({
      method: 'GET',
      url: `/api/internal/transactions/${id}`,
      headers: bearer(admin),
    });
    expect(consoleOrder.json().data.character).toEqual(bachHa);
    const csv = await ctx.app.inject({
      method: 'GET',
      url: `/api/internal/transactions/export.csv?search=${panel.code}`,
      headers: bearer(admin),
    });
    expect(csv.body).toContain('Nhân vật nhận');
    expect(csv.body).toContain('Bạch Hà (Cấp 37) · Máy chủ 2 - Bạch Hổ');

    const [user] = await queryRows<{ id: string }>(ctx, sql`select id from users where short_id = ${PLAYER10}`);
    const userId = user!.id;
    const overview = await ctx.app.inject({
      method: 'GET',
      url: `/api/internal/users/${userId}/overview`,
      headers: bearer(admin),
    });
    const body = overview.json().data;
    expect(body.orders.find((row: { id: string }) => row.id === id).character).toEqual(bachHa);
    expect(body.mails.find((row: { link: { id: string } | null }) => row.link?.id === id).character).toEqual(bachHa);
    const deliveries = await ctx.app.inject({
      method: 'POST',
      url: '/api/internal/mails/find-many',
      headers: bearer(admin),
      payload: { status: 'pending', pageSize: 100 },
    });
    const delivery = deliveries.json().data.items.find((mail: { sourceId: string }) => mail.sourceId === id);
    expect(delivery.character).toEqual(bachHa);
  });

  it('keeps the one-character-per-account flow: no choice, no character, the mail to the account', async () => {
    const created = await buy(ctx.app, '8805678', PACK, bearer(player1));
    expect(created.statusCode, created.body).toBe(200);
    const id: string = created.json().data.id;
    const panel = await transaction(ctx.app, id);
    expect(panel.character).toBeNull();
    await postWebhook(ctx.app, sepayEvent(panel.code, panel.totalPrice));
    expect(await mailOf('order', id)).toEqual({ character: null, receiver_short_id: '8805678' });
  });
});

describe('POST /api/gift-codes/claim: the character that receives the rewards', () => {
  const { claim, staff, createCode } = giftCodeCalls(ctx, () => admin);
  const claimAs = (token: string, payload: object) =>
    ctx.app.inject({ method: 'POST', url: '/api/gift-codes/claim', headers: bearer(token), payload });

  it('asks player10 to choose, then sends the rewards to the chosen character', async () => {
    const code = await createCode({ code: 'NHANVAT37', maxUses: 10 });
    const none = await claim(player10, code.code);
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ code: 'api.character.required', errors: { serverId: expect.any(Array) } });
    const unknown = await claimAs(player10, { code: code.code, serverId: 's2', characterId: 'c-101' });
    expect(unknown.json().code).toBe('api.character.unknown');

    const claimed = await claimAs(player10, { code: code.code, serverId: 's1', characterId: 'c-102' });
    expect(claimed.statusCode, claimed.body).toBe(200);
    const haNho = {
      serverId: 's1',
      serverName: 'Máy chủ 1 - Rồng Lửa',
      characterId: 'c-102',
      characterName: 'Hà Nhỏ',
      level: 18,
    };
    expect(claimed.json().data.character).toEqual(haNho);
    const claimId: string = claimed.json().data.claimId;
    expect(await mailOf('gift_code', claimId)).toEqual({ character: haNho, receiver_short_id: PLAYER10 });
    const detail = await staff('GET', `/${code.id}`);
    expect(detail.json().data.claims[0]).toMatchObject({ shortId: PLAYER10, character: haNho });
    // A refused claim took no use: the code counts one.
    expect(detail.json().data.usesCount).toBe(1);
  });

  it('keeps a player without characters on the account', async () => {
    const code = await createCode({ code: 'TAIKHOAN37', maxUses: 10 });
    const claimed = await claim(player1, code.code);
    expect(claimed.statusCode, claimed.body).toBe(200);
    expect(claimed.json().data.character).toBeNull();
    expect((await mailOf('gift_code', claimed.json().data.claimId))?.character).toBeNull();
  });
});

describe('a staff grant to a receiver with several characters', () => {
  it('lists the characters to choose, requires the choice, and delivers the approved grant to it', async () => {
    const admin2 = await signIn(ctx.app, 'admin2', 'admin123');
    const receiver = await ctx.app.inject({
      method: 'GET',
      url: `/api/internal/transactions/receiver?shortId=${PLAYER10}`,
      headers: bearer(admin),
    });
    expect(receiver.json().data.servers.map((server: { id: string }) => server.id)).toEqual(['s1', 's2']);
    const players = await ctx.app.inject({
      method: 'GET',
      url: `/api/internal/transactions/receiver?shortId=${PLAYER10}`,
      headers: bearer(player1),
    });
    expect(players.statusCode).toBe(403);

    const grant = (payload: object) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/internal/transactions/create-manual',
        headers: bearer(admin),
        payload: { shortId: PLAYER10, productId: PACK, reason: 'Đền bù nhân vật', ...payload },
      });
    const none = await grant({});
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ code: 'api.character.required', errors: { serverId: expect.any(Array) } });

    const asked = await grant({ serverId: 's2', characterId: 'c-201' });
    expect(asked.statusCode, asked.body).toBe(202);
    const { approvalId } = asked.json().data;
    const pending = await ctx.app.inject({
      method: 'GET',
      url: '/api/internal/approvals?status=pending',
      headers: bearer(admin2),
    });
    const request = pending.json().data.items.find((item: { id: string }) => item.id === approvalId);
    expect(request.effect.character).toEqual(bachHa);
    expect(request.summary).toContain('nhân vật Bạch Hà (Cấp 37) · Máy chủ 2 - Bạch Hổ');

    const approved = await ctx.app.inject({
      method: 'POST',
      url: `/api/internal/approvals/${approvalId}/approve`,
      headers: bearer(admin2),
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const [order] = await queryRows<{ id: string; character: unknown }>(
      ctx,
      sql`select id, character from orders where kind = 'manual' and note = 'Đền bù nhân vật'`,
    );
    expect(order?.character).toEqual(bachHa);
    expect((await mailOf('order', order!.id))?.character).toEqual(bachHa);
  });
});
