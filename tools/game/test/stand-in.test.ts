import { randomUUID } from 'node:crypto';
import {
  gameAuthenticateAnswerSchema,
  gameItemsAnswerSchema,
  gameLookupAnswerSchema,
  gameMailAnswerSchema,
  type GameMailBody,
} from '@carabala/contracts/game-api';
import { itemIds } from '@carabala/contracts/catalogue';
import { gameSignature, signGameCall } from '@carabala/contracts/game-signature';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { standInPlayers } from '../players';
import { startGameStandIn, type GameStandIn } from '../server';

const secret = 'stand-in-test-secret-0123456789';
let clock = Date.now();
let standIn: GameStandIn;

beforeAll(async () => {
  standIn = await startGameStandIn({ port: 0, apiSecret: secret, now: () => clock });
});
afterAll(() => standIn.close());

/** POSTs a call as the site does: signed with `secret` over the URL path, unless told otherwise. */
async function call(
  path: string,
  body: unknown,
  options: { headers?: Record<string, string>; sign?: boolean; at?: number; nonce?: string } = {},
) {
  const text = JSON.stringify(body);
  const url = `${standIn.url}${path}`;
  const signed =
    options.sign === false
      ? {}
      : signGameCall(secret, { method: 'POST', path: new URL(url).pathname, body: text }, options.at, options.nonce);
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...signed, ...options.headers },
    body: text,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown>, headers: signed };
}

const mail = (overrides: Partial<GameMailBody> = {}): GameMailBody => ({
  id: randomUUID(),
  playerId: 'gp-1002',
  userId: '20481002',
  serverId: 's2',
  characterId: 'c-1002-a',
  title: 'Gói Nạp Đầu',
  items: [{ itemId: 'diamond', quantity: 100 }],
  source: 'order',
  sourceId: randomUUID(),
  ...overrides,
});

describe('the reference game server', () => {
  it('answers each call with the contract', async () => {
    const lookup = await call('/players/lookup', { userId: '20481001' });
    expect(lookup.status).toBe(200);
    const answer = gameLookupAnswerSchema.parse(lookup.body);
    expect(answer).toMatchObject({ result: 'ok', banned: false, player: { playerId: 'gp-1001' } });
    if (answer.result === 'ok') expect(answer.player.servers.map((server) => server.id)).toEqual(['s1', 's2']);

    const signIn = await call('/players/authenticate', {
      username: 'tuananh',
      password: 'rong-lua-2024',
      deviceId: 'carabala.web.test',
    });
    expect(gameAuthenticateAnswerSchema.parse(signIn.body)).toMatchObject({ result: 'ok' });

    const items = gameItemsAnswerSchema.parse((await call('/items/list', {})).body).items;
    expect(items.map((item) => item.id)).toEqual(expect.arrayContaining([...itemIds, 'dragon_egg']));

    expect(gameMailAnswerSchema.parse((await call('/mails', mail())).body)).toEqual({ result: 'ok', duplicate: false });
  });

  it('has every player the operator guide lists valid in the contract, with distinct ids', () => {
    expect(new Set(standInPlayers.map((player) => player.userId)).size).toBe(standInPlayers.length);
    for (const player of standInPlayers) expect(player.userId).toMatch(/^[0-9]{7,10}$/);
  });

  it('refuses sign-ins as the contract names them', async () => {
    const refusal = async (username: string, password: string) =>
      gameAuthenticateAnswerSchema.parse(
        (await call('/players/authenticate', { username, password, deviceId: 'carabala.web.test' })).body,
      );
    expect(await refusal('khongco', 'x')).toEqual({ result: 'refused', reason: 'unknown_player' });
    expect(await refusal('tuananh', 'sai-mat-khau')).toEqual({ result: 'refused', reason: 'wrong_password' });
    expect(await refusal('baongoc', 'chua-xac-minh')).toEqual({ result: 'refused', reason: 'unverified' });
    expect(await refusal('quanghuy', 'bi-khoa-2024')).toEqual({ result: 'refused', reason: 'banned' });
    expect((await call('/players/lookup', { userId: '66001005' })).body).toMatchObject({ banned: true });
    expect((await call('/players/lookup', { userId: '1' })).body).toEqual({
      result: 'refused',
      reason: 'unknown_player',
    });
  });

  it('refuses unsigned, badly signed, stale and replayed calls, and a signature moved to another path', async () => {
    expect(await call('/players/lookup', { userId: '20481001' }, { sign: false })).toMatchObject({
      status: 401,
      body: { error: 'signature' },
    });
    const bad = signGameCall('another-secret-0123456789', {
      method: 'POST',
      path: '/v1/players/lookup',
      body: '{"userId":"20481001"}',
    });
    expect(await call('/players/lookup', { userId: '20481001' }, { sign: false, headers: bad })).toMatchObject({
      status: 401,
      body: { error: 'signature' },
    });
    expect(await call('/players/lookup', { userId: '20481001' }, { at: clock - 301_000 })).toMatchObject({
      status: 401,
      body: { error: 'stale' },
    });
    const first = await call('/players/lookup', { userId: '20481001' });
    expect(first.status).toBe(200);
    expect(
      await call('/players/lookup', { userId: '20481001' }, { sign: false, headers: first.headers }),
    ).toMatchObject({ status: 401, body: { error: 'replayed' } });
    const onItems = await call('/items/list', { userId: '20481001' }, { sign: false, headers: first.headers });
    expect(onItems).toMatchObject({ status: 401, body: { error: 'signature' } });
  });

  it('accepts two identical calls signed in the same second: each has its own nonce', async () => {
    const at = clock;
    const first = await call('/players/lookup', { userId: '20481001' }, { at });
    const second = await call('/players/lookup', { userId: '20481001' }, { at });
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(second.headers['x-game-nonce']).not.toBe(first.headers['x-game-nonce']);
  });

  it('refuses a repeated nonce, even under a new valid signature over another body', async () => {
    const nonce = 'repeated-nonce-0123456789';
    expect((await call('/players/lookup', { userId: '20481001' }, { nonce })).status).toBe(200);
    expect(await call('/players/lookup', { userId: '20481002' }, { nonce })).toMatchObject({
      status: 401,
      body: { error: 'replayed' },
    });
    expect(await call('/items/list', {}, { nonce, at: clock + 1_000 })).toMatchObject({
      status: 401,
      body: { error: 'replayed' },
    });
  });

  it('refuses a call without a nonce or with a malformed one', async () => {
    const timestamp = Math.floor(clock / 1000);
    const lookup = { method: 'POST', path: '/v1/players/lookup', body: '{"userId":"20481001"}' };
    // Signed over an empty nonce, as a sender that leaves it out would.
    const withoutNonce = {
      'x-game-timestamp': String(timestamp),
      'x-game-signature': gameSignature(secret, timestamp, '', lookup),
    };
    expect(await call('/players/lookup', { userId: '20481001' }, { sign: false, headers: withoutNonce })).toMatchObject(
      { status: 401, body: { error: 'signature' } },
    );
    for (const nonce of ['too-short', 'has spaces in it 0123', 'x'.repeat(65)]) {
      const headers = {
        'x-game-timestamp': String(timestamp),
        'x-game-nonce': nonce,
        'x-game-signature': gameSignature(secret, timestamp, nonce, lookup),
      };
      expect(await call('/players/lookup', { userId: '20481001' }, { sign: false, headers }), nonce).toMatchObject({
        status: 401,
        body: { error: 'signature' },
      });
    }
  });

  it("forgets a nonce once its call's window has passed", async () => {
    const nonce = 'forgotten-nonce-0123456789';
    const signedAt = clock;
    expect((await call('/players/lookup', { userId: '20481001' }, { nonce, at: signedAt })).status).toBe(200);
    clock += 301_000;
    try {
      expect(await call('/players/lookup', { userId: '20481001' }, { nonce, at: signedAt })).toMatchObject({
        status: 401,
        body: { error: 'stale' },
      });
      expect((await call('/players/lookup', { userId: '20481001' }, { nonce, at: clock })).status).toBe(200);
      expect(await call('/players/lookup', { userId: '20481001' }, { nonce, at: clock })).toMatchObject({
        status: 401,
        body: { error: 'replayed' },
      });
    } finally {
      clock = signedAt;
    }
  });

  it('refuses a call that is stale on its own clock, though signed well', async () => {
    const signedAt = clock;
    clock += 301_000;
    try {
      expect(await call('/players/lookup', { userId: '20481001' }, { at: signedAt })).toMatchObject({
        status: 401,
        body: { error: 'stale' },
      });
    } finally {
      clock = signedAt;
    }
  });

  it('refuses a body outside the contract with 400', async () => {
    expect((await call('/players/lookup', { userId: 'abc' })).status).toBe(400);
    expect((await call('/mails', { ...mail(), items: [] })).status).toBe(400);
  });

  it('applies a mail once, and keeps it', async () => {
    const body = mail({ serverId: 's2', characterId: 'c-1001-c', playerId: 'gp-1001', userId: '20481001' });
    expect((await call('/mails', body)).body).toEqual({ result: 'ok', duplicate: false });
    expect((await call('/mails', body)).body).toEqual({ result: 'ok', duplicate: true });
    expect(standIn.mails.filter((entry) => entry.id === body.id)).toHaveLength(1);
    const listed = (await (await fetch(new URL('/_stand-in/mails', standIn.url))).json()) as { id: string }[];
    expect(listed.filter((entry) => entry.id === body.id)).toHaveLength(1);
  });

  it('refuses a mail to an unknown player, character or item, and does not keep it', async () => {
    const before = standIn.mails.length;
    const refused = async (body: GameMailBody) => (await call('/mails', body)).body;
    expect(await refused(mail({ playerId: 'gp-9999' }))).toEqual({ result: 'refused', reason: 'unknown_player' });
    expect(await refused(mail({ playerId: null, userId: '1234567' }))).toEqual({
      result: 'refused',
      reason: 'unknown_player',
    });
    expect(await refused(mail({ characterId: 'c-1001-a' }))).toEqual({
      result: 'refused',
      reason: 'unknown_character',
    });
    expect(await refused(mail({ items: [{ itemId: 'no_such_item', quantity: 1 }] }))).toEqual({
      result: 'refused',
      reason: 'unknown_item',
    });
    expect(standIn.mails.length).toBe(before);
  });

  it('can be slow, away, or answer outside the contract', async () => {
    try {
      standIn.setFault({ slow: 300 });
      const started = Date.now();
      expect((await call('/items/list', {})).status).toBe(200);
      expect(Date.now() - started).toBeGreaterThanOrEqual(290);

      standIn.setFault('down');
      await expect(call('/items/list', {})).rejects.toThrow();

      standIn.setFault('malformed');
      const malformed = await call('/players/lookup', { userId: '20481001' });
      expect(gameLookupAnswerSchema.safeParse(malformed.body).success).toBe(false);
      expect(gameItemsAnswerSchema.safeParse((await call('/items/list', {})).body).success).toBe(false);
    } finally {
      standIn.setFault(null);
    }
    expect((await call('/items/list', {})).status).toBe(200);
  });
});
