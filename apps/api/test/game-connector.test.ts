import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { GameUnavailableError } from '../src/modules/game';
import { enqueueMail } from '../src/modules/mailbox/repository';
import { remoteGame, TEST_GAME_API_SECRET, useConnectedApp } from './game-backend';
import { bearer, queryRows } from './helpers';

/**
 * Connected mode (GAME_API_URL) against the reference game server over real HTTP: players sign in with
 * the game's passwords and become shadows, look-ups and mails go to the game, and the game being slow,
 * away or off the contract never signs anyone out, never answers a 5xx and never writes half a player.
 */
const METRICS_TOKEN = 'metrics-token-for-game-tests';
const ctx = useConnectedApp({
  GAME_API_TIMEOUT_MS: '300',
  GAME_BREAKER_FAILURES: '3',
  GAME_BREAKER_COOLDOWN_SECONDS: '1',
  METRICS_TOKEN,
});

const signInAs = (username: string, password: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/auth/carabala',
    payload: { username, password, deviceId: 'carabala.web.test' },
  });

const shadow = async (gamePlayerId: string) =>
  (
    await queryRows<{
      id: string;
      short_id: string;
      username: string | null;
      password_hash: string | null;
      display_name: string;
      role: string;
    }>(ctx, sql`select * from users where game_player_id = ${gamePlayerId}`)
  )[0];

const metrics = async () =>
  (await ctx.app.inject({ method: 'GET', url: '/api/metrics', headers: bearer(METRICS_TOKEN) })).body;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('signing in through the game', () => {
  it("signs in a player the site never saw with the game's password, keeping a shadow without a password", async () => {
    expect(await shadow('gp-1001')).toBeUndefined();
    const response = await signInAs('tuananh', 'rong-lua-2024');
    expect(response.statusCode).toBe(200);
    const { accessToken, user } = response.json().data;
    expect(user).toMatchObject({ shortId: '20481001', displayName: 'Trần Tuấn Anh', role: 'player' });
    expect(await shadow('gp-1001')).toMatchObject({
      id: user.id,
      short_id: '20481001',
      username: null,
      password_hash: null,
      role: 'player',
    });
    const me = await ctx.app.inject({ method: 'GET', url: '/api/me', headers: bearer(accessToken) });
    expect(me.json().data).toMatchObject({ id: user.id, shortId: '20481001' });
    // A second sign-in refreshes the same shadow.
    expect((await signInAs('tuananh', 'rong-lua-2024')).json().data.user.id).toBe(user.id);
  });

  it("maps the game's refusals onto the description's codes", async () => {
    const wrong = await signInAs('tuananh', 'not-the-password');
    const unknown = await signInAs('nobody-here', 'whatever-password');
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'api.auth.carabala.password.invalid',
        errors: { password: ['Mật khẩu không chính xác'] },
      });
    }
    const unverified = await signInAs('baongoc', 'chua-xac-minh');
    expect(unverified.statusCode).toBe(400);
    expect(unverified.json().code).toBe('api.auth.carabala.unactivated');
    const banned = await signInAs('quanghuy', 'bi-khoa-2024');
    expect(banned.statusCode).toBe(403);
    expect(banned.json()).toMatchObject({
      code: 'api.auth.carabala.banned',
      message: 'Tài khoản đã bị khóa. Vui lòng liên hệ hỗ trợ.',
    });
    expect(await shadow('gp-1004')).toBeUndefined();
    expect(await shadow('gp-1005')).toBeUndefined();
  });

  it('keeps staff local, with their second factor, whatever the game says', async () => {
    const response = await signInAs('support1', 'staff123');
    expect(response.statusCode).toBe(428);
    expect(response.json().code).toBe('api.auth.second_factor_required');
  });
});

describe('looking players up in the game', () => {
  it('finds a User ID the site never saw, with its servers and characters, and refuses a banned one', async () => {
    const players = ctx.app.services.game.players;
    const friend = await players.findReceiver('20481002');
    expect(friend).toMatchObject({
      shortId: '20481002',
      displayName: 'Nguyễn Thu Hà',
      servers: [{ id: 's2', characters: [{ id: 'c-1002-a', name: 'HoaSenTrắng', level: 61 }] }],
    });
    expect((await shadow('gp-1002'))?.id).toBe(friend!.id);
    expect(await players.findPlayerById(friend!.id)).toMatchObject({ shortId: '20481002' });
    expect(await players.findReceiver('1234567890')).toBeNull();
    // Banned: no receiver (the User ID answers as unknown).
    expect(await players.findReceiver('66001005')).toBeNull();
  });
});

describe('when the game is away', () => {
  it('answers sign-in with 424 api.game.unavailable, keeps open sessions, and serves cached look-ups', async () => {
    const token = (await signInAs('tuananh', 'rong-lua-2024')).json().data.accessToken;
    await ctx.app.services.game.players.findReceiver('20481002');
    ctx.game.setFault('down');
    try {
      const response = await signInAs('tuananh', 'rong-lua-2024');
      expect(response.statusCode).toBe(424);
      expect(response.json()).toMatchObject({
        code: 'api.game.unavailable',
        message: 'Máy chủ trò chơi đang bảo trì, vui lòng thử lại sau.',
      });
      const me = await ctx.app.inject({ method: 'GET', url: '/api/me', headers: bearer(token) });
      expect(me.statusCode).toBe(200);
      expect(await ctx.app.services.game.players.findReceiver('20481002')).toMatchObject({
        displayName: 'Nguyễn Thu Hà',
      });
      await expect(ctx.app.services.game.players.findReceiver('3572004')).rejects.toMatchObject({
        statusCode: 424,
        code: 'api.game.unavailable',
      });
    } finally {
      ctx.game.setFault(null);
      await sleep(1_100);
      await ctx.app.services.game.backend.listItems();
    }
  });

  it('opens the circuit after failures in a row (calls then fail fast), and closes it after a good probe', async () => {
    const backend = ctx.app.services.game.backend;
    ctx.game.setFault({ slow: 2_000 });
    try {
      for (let call = 0; call < 3; call += 1) await expect(backend.listItems()).rejects.toThrow(GameUnavailableError);
      expect(ctx.app.services.game.state()).toMatchObject({ reachable: false });
      expect(await metrics()).toContain('game_api_breaker_open 1');
      const started = performance.now();
      await expect(backend.listItems()).rejects.toThrow(/circuit open/);
      expect(performance.now() - started).toBeLessThan(50);
      expect(await metrics()).toMatch(/game_api_calls_total\{call="items",outcome="breaker_open"\} [1-9]/);
      // Still failing at the probe: open again for another cool-down.
      await sleep(1_100);
      await expect(backend.listItems()).rejects.toThrow(/abort/i);
      await expect(backend.listItems()).rejects.toThrow(/circuit open/);
    } finally {
      ctx.game.setFault(null);
    }
    await sleep(1_100);
    expect((await backend.listItems()).length).toBeGreaterThan(0);
    expect(ctx.app.services.game.state()).toMatchObject({ reachable: true, unreachableSince: null });
    expect(await metrics()).toContain('game_api_breaker_open 0');
  });

  it('refuses an answer off the contract and writes nothing', async () => {
    ctx.game.setFault('malformed');
    try {
      const response = await signInAs('minhkhoa', 'tan-thu-2024');
      expect(response.statusCode).toBe(424);
      expect(response.json().code).toBe('api.game.unavailable');
      await expect(ctx.app.services.game.players.findReceiver('3572004')).rejects.toMatchObject({ statusCode: 424 });
    } finally {
      ctx.game.setFault(null);
    }
    expect(await shadow('gp-1003')).toBeUndefined();
    expect(await metrics()).toMatch(/game_api_calls_total\{call="authenticate",outcome="invalid"\} [1-9]/);
    // Once the game answers by the contract again, the same player signs in.
    expect((await signInAs('minhkhoa', 'tan-thu-2024')).statusCode).toBe(200);
  });

  it('refuses an answer over 1 MB', async () => {
    const huge = createServer((request, response) => {
      request.resume();
      request.on('end', () => response.end(JSON.stringify({ items: [], padding: 'x'.repeat(2 * 1024 * 1024) })));
    });
    await new Promise<void>((resolve) => huge.listen(0, '127.0.0.1', resolve));
    try {
      const game = remoteGame(`http://127.0.0.1:${(huge.address() as AddressInfo).port}/v1`, TEST_GAME_API_SECRET);
      await expect(game.listItems()).rejects.toThrow(/answer over 1048576 bytes/);
    } finally {
      huge.closeAllConnections();
      await new Promise((resolve) => huge.close(resolve));
    }
  });
});

describe('mails to the game', () => {
  async function mailTo(
    shortId: string,
    character: { serverId: string; characterId: string } | null,
    sourceId: string,
  ) {
    const receiver = await ctx.app.services.game.players.findReceiver(shortId);
    const id = await ctx.database.db.transaction((tx) =>
      enqueueMail(tx, {
        receiverId: receiver!.id,
        receiverShortId: shortId,
        title: 'Quà nạp',
        items: [{ itemId: 'diamond', quantity: 120 }],
        source: 'test',
        sourceId,
      }),
    );
    if (character) {
      const full = { ...character, serverName: 'Máy chủ', characterName: 'Nhân vật', level: 1 };
      await ctx.database.db.execute(sql`update mails set character = ${JSON.stringify(full)}::jsonb where id = ${id}`);
    }
    return id;
  }
  const mailRow = async (id: string) =>
    (
      await queryRows<{ status: string; last_error: string | null }>(ctx, sql`select * from mails where id = ${id}`)
    )[0]!;

  it("reaches the character on server 2 exactly once, addressed by the game's player id", async () => {
    const id = await mailTo('20481002', { serverId: 's2', characterId: 'c-1002-a' }, 'to-server-2');
    await ctx.app.services.mailboxWorker.runOnce();
    await ctx.database.db.execute(sql`update mails set status = 'pending', next_attempt_at = now() where id = ${id}`);
    await ctx.app.services.mailboxWorker.runOnce();
    expect(await mailRow(id)).toMatchObject({ status: 'delivered' });
    const received = ctx.game.mails.filter((mail) => mail.id === id);
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({
      playerId: 'gp-1002',
      userId: '20481002',
      serverId: 's2',
      characterId: 'c-1002-a',
      items: [{ itemId: 'diamond', quantity: 120 }],
    });
  });

  it('leaves a mail the game refuses for good dead at once, with the reason for staff', async () => {
    const id = await mailTo('20481002', { serverId: 's1', characterId: 'c-gone' }, 'unknown-character');
    await ctx.app.services.mailboxWorker.runOnce();
    expect(await mailRow(id)).toMatchObject({
      status: 'dead',
      last_error: 'Trò chơi không tìm thấy nhân vật nhận thư (the game refused: unknown_character).',
    });
    expect(ctx.game.mails.some((mail) => mail.id === id)).toBe(false);
  });
});

describe('the game calling the site', () => {
  it('does not exist without GAME_CALLBACK_SECRET', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/game/v1/sign-in-links',
      payload: { playerId: 'gp-1001' },
    });
    expect(response.statusCode).toBe(404);
  });
});
