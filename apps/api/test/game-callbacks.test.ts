import type { AddressInfo } from 'node:net';
import { signGameCall } from '@carabala/contracts/game-signature';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { requestSignInLink, sendPlayerEvent } from '../../../tools/game/site-calls';
import { TEST_GAME_CALLBACK_SECRET, useConnectedApp } from './game-backend';
import { bearer, queryRows } from './helpers';

/**
 * The game's calls to the site over real HTTP, made as a game server makes them (tools/game/site-calls):
 * one-time sign-in links to the site's own paths, and player events; unsigned, stale and replayed calls
 * refused with 401.
 */
const ctx = useConnectedApp({
  GAME_CALLBACK_SECRET: TEST_GAME_CALLBACK_SECRET,
  PUBLIC_WEB_URL: 'https://shop.example.vn',
});
let site: string;
beforeAll(async () => {
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  site = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
});

const link = (playerId: string, path?: string) =>
  requestSignInLink(site, TEST_GAME_CALLBACK_SECRET, { playerId, ...(path ? { path } : {}) });
const tokenOf = (url: string) => new URL(url).hash.slice(1);
const useLink = (token: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/auth/game-link',
    payload: { token, deviceId: 'carabala.web.link-test' },
  });
async function signInAs(username: string, password: string): Promise<string> {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/carabala',
    payload: { username, password, deviceId: 'carabala.web.test' },
  });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.body}`);
  return response.json().data.accessToken;
}
const me = (token: string) => ctx.app.inject({ method: 'GET', url: '/api/me', headers: bearer(token) });

/** A raw call to the site, signed (or not) as given. */
async function rawCall(path: string, body: string, headers: Record<string, string>) {
  const response = await fetch(`${site}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
  });
  return { status: response.status, body: (await response.json()) as { code: string } };
}

describe('one-time sign-in links', () => {
  it('opens the site signed in as the player, on the path asked for, once', async () => {
    const answer = await link('gp-1001', '/store?tab=goi');
    expect(answer.url).toMatch(/^https:\/\/shop\.example\.vn\/dang-nhap-nhanh#[\w-]{43}$/);
    const expiresIn = new Date(answer.expiresAt).getTime() - Date.now();
    expect(expiresIn).toBeGreaterThan(100_000);
    expect(expiresIn).toBeLessThanOrEqual(120_000);
    const [stored] = await queryRows<{ token_hash: string }>(ctx, sql`select token_hash from game_sign_in_links`);
    expect(stored!.token_hash).not.toContain(tokenOf(answer.url));

    const first = await useLink(tokenOf(answer.url));
    expect(first.statusCode).toBe(200);
    const { accessToken, user, path } = first.json().data;
    expect(path).toBe('/store?tab=goi');
    expect(user).toMatchObject({ shortId: '20481001', role: 'player' });
    expect((await me(accessToken)).json().data.shortId).toBe('20481001');

    const second = await useLink(tokenOf(answer.url));
    expect(second.statusCode).toBe(400);
    expect(second.json()).toMatchObject({
      code: 'api.game.link.invalid',
      message: 'Liên kết đăng nhập đã hết hạn hoặc đã được dùng.',
    });
  });

  it('refuses a link past its two minutes, and a token never given', async () => {
    const answer = await link('gp-1002');
    await ctx.database.db.execute(sql`update game_sign_in_links set expires_at = now() - interval '1 second'`);
    expect((await useLink(tokenOf(answer.url))).json().code).toBe('api.game.link.invalid');
    expect((await useLink('x'.repeat(43))).json().code).toBe('api.game.link.invalid');
  });

  it("refuses a path that is not the site's own, and a player the game does not know", async () => {
    for (const path of ['//evil.com', 'https://evil.com/store', '/\\evil.com', 'store']) {
      const body = JSON.stringify({ playerId: 'gp-1001', path });
      const headers = signGameCall(TEST_GAME_CALLBACK_SECRET, {
        method: 'POST',
        path: '/api/game/v1/sign-in-links',
        body,
      });
      const refused = await rawCall('/api/game/v1/sign-in-links', body, headers);
      expect(refused.status).toBe(400);
      expect(refused.body.code).toBe('api.validation');
    }
    await expect(link('gp-none')).rejects.toMatchObject({ status: 404, code: 'api.game.unknown_player' });
  });

  it('refuses a banned player', async () => {
    await expect(link('gp-1005')).rejects.toMatchObject({ status: 403, code: 'api.auth.carabala.banned' });
  });
});

describe('signed calls', () => {
  const path = '/api/game/v1/player-events';
  const body = JSON.stringify({ eventId: 'ev-signed', kind: 'renamed', playerId: 'gp-none', displayName: 'Ai Đó' });

  it('refuses an unsigned call, a wrong key, a stale one and a replay with 401', async () => {
    expect(await rawCall(path, body, {})).toMatchObject({ status: 401, body: { code: 'api.game.signature' } });
    const wrongKey = signGameCall('another-key-0123456789', { method: 'POST', path, body });
    expect(await rawCall(path, body, wrongKey)).toMatchObject({ status: 401, body: { code: 'api.game.signature' } });
    const stale = signGameCall(TEST_GAME_CALLBACK_SECRET, { method: 'POST', path, body }, Date.now() - 400_000);
    expect(await rawCall(path, body, stale)).toMatchObject({ status: 401, body: { code: 'api.game.stale' } });
    // Signed for another body: the exact bytes are what is signed.
    const signed = signGameCall(TEST_GAME_CALLBACK_SECRET, { method: 'POST', path, body });
    expect(await rawCall(path, body.replace('Ai Đó', 'Kẻ Khác'), signed)).toMatchObject({ status: 401 });
    expect(await rawCall(path, body, signed)).toMatchObject({ status: 200 });
    expect(await rawCall(path, body, signed)).toMatchObject({ status: 401, body: { code: 'api.game.replayed' } });
  });
});

describe('player events', () => {
  it('ends every session of a banned player, once per event, and lets them back after an unban', async () => {
    const token = await signInAs('tuananh', 'rong-lua-2024');
    expect((await me(token)).statusCode).toBe(200);
    const ban = { eventId: 'ev-ban-1', kind: 'banned', playerId: 'gp-1001' } as const;
    expect(await sendPlayerEvent(site, TEST_GAME_CALLBACK_SECRET, ban)).toEqual({ applied: true });
    expect((await me(token)).statusCode).toBe(401);
    const [row] = await queryRows<{ banned_at: Date | null }>(
      ctx,
      sql`select banned_at from users where game_player_id = 'gp-1001'`,
    );
    expect(row!.banned_at).not.toBeNull();
    // The same event again is acknowledged, not applied.
    expect(await sendPlayerEvent(site, TEST_GAME_CALLBACK_SECRET, ban)).toEqual({ applied: false });
    await sendPlayerEvent(site, TEST_GAME_CALLBACK_SECRET, {
      eventId: 'ev-unban-1',
      kind: 'unbanned',
      playerId: 'gp-1001',
    });
    expect((await me(await signInAs('tuananh', 'rong-lua-2024'))).statusCode).toBe(200);
  });

  it('renames a player the site knows', async () => {
    // Through a sign-in link, as the game opens the store.
    const token = (await useLink(tokenOf((await link('gp-1002')).url))).json().data.accessToken;
    expect((await me(token)).json().data.displayName).toBe('Nguyễn Thu Hà');
    const event = { eventId: 'ev-rename-1', kind: 'renamed', playerId: 'gp-1002', displayName: 'Thu Hà Mới' } as const;
    expect(await sendPlayerEvent(site, TEST_GAME_CALLBACK_SECRET, event)).toEqual({ applied: true });
    expect((await me(token)).json().data.displayName).toBe('Thu Hà Mới');
  });
});
