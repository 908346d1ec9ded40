import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkSiteSession, SiteCallError } from '../../../tools/game/site-calls';
import { TEST_GAME_CALLBACK_SECRET } from './game-backend';
import { bearer, queryRows, signIn, useTestApp } from './helpers';
import { buy } from './store-helpers';

/**
 * The phone policy (decision record 057) with every gate on and no SMS provider (not the demo): sending
 * is refused, never pretended; buying, the game client's sign-in, the site's sign-in and the game
 * server's signed session check refuse an unverified phone with their stable code, and let a verified one
 * through. The session check over real HTTP, signed as the reference game server signs it.
 */
const ctx = useTestApp({
  PHONE_VERIFICATION_REQUIRED: 'buy,play,sign-in',
  GAME_CALLBACK_SECRET: TEST_GAME_CALLBACK_SECRET,
});
let site: string;
beforeAll(async () => {
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  site = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
});

const signInCall = (username: string, deviceId: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/auth/carabala',
    payload: { username, password: 'player123', deviceId },
  });
const setVerified = (username: string, verified: boolean) =>
  queryRows(
    ctx,
    sql`UPDATE users SET phone = ${`+8491200000${username.slice(-1)}`},
      phone_verified_at = ${verified ? sql`now()` : null} WHERE username = ${username} RETURNING id`,
  );
const checkSession = (token: string) => checkSiteSession(site, TEST_GAME_CALLBACK_SECRET, token);
const refusalOf = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: SiteCallError) => ({ status: error.status, code: error.code }),
  );

describe('the phone policy', () => {
  it('refuses the site sign-in of an unverified player, and a game client sign-in too', async () => {
    await setVerified('player1', false);
    const site = await signInCall('player1', 'carabala.web.test');
    expect(site.statusCode).toBe(403);
    expect(site.json()).toMatchObject({ code: 'api.phone.verification_required' });
    expect(site.json().message).toMatch(/chưa xác minh số điện thoại/);
    const game = await signInCall('player1', 'game:android-1');
    expect(game.json().code).toBe('api.phone.verification_required');
  });

  it('never refuses staff, who have no phone to verify', async () => {
    expect(await signIn(ctx.app, 'admin1', 'admin123')).toBeTruthy();
  });

  it('says codes cannot be sent without a provider, never pretending', async () => {
    await setVerified('player2', true);
    const token = await signIn(ctx.app, 'player2', 'player123');
    const status = await ctx.app.inject({ method: 'GET', url: '/api/phone', headers: bearer(token) });
    expect(status.json().data).toMatchObject({ smsAvailable: false, requiredFor: ['buy', 'play', 'sign-in'] });
    const sent = await ctx.app.inject({ method: 'POST', url: '/api/phone/codes', headers: bearer(token), payload: {} });
    expect(sent.statusCode).toBe(503);
    expect(sent.json().code).toBe('api.phone.sms_unavailable');
    expect(await queryRows(ctx, sql`SELECT id FROM phone_codes`)).toEqual([]);
  });

  it('refuses buying for an unverified signed-in buyer and a guest order to an unverified receiver', async () => {
    const token = await signIn(ctx.app, 'player2', 'player123');
    expect((await buy(ctx.app, '8801234', 601, bearer(token))).statusCode).toBe(200);
    await setVerified('player2', false);
    const refused = await buy(ctx.app, '8801234', 601, bearer(token));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/trước khi mua gói/);
    const guest = await buy(ctx.app, '8805678', 601);
    expect(guest.statusCode).toBe(403);
    expect(guest.json().errors.shortId[0]).toMatch(/#8805678 chưa xác minh/);
    await setVerified('player2', true);
    expect((await buy(ctx.app, '8805678', 601)).statusCode).toBe(200);
  });

  it("answers the game server whose a game session is, and refuses once it is revoked or the phone isn't verified", async () => {
    await setVerified('player4', true);
    const signedIn = await signInCall('player4', 'game:ios-7');
    expect(signedIn.statusCode).toBe(200);
    const token = signedIn.json().data.accessToken as string;
    const player = await checkSession(token);
    expect(player).toMatchObject({ userId: '8803456', phoneVerified: true, deviceId: 'game:ios-7' });
    expect(player.playerId).toBe(signedIn.json().data.user.id);

    await setVerified('player4', false);
    expect(await refusalOf(checkSession(token))).toEqual({ status: 403, code: 'api.phone.verification_required' });
    await setVerified('player4', true);

    await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) });
    expect(await refusalOf(checkSession(token))).toEqual({ status: 404, code: 'api.game.session_invalid' });
    expect(await refusalOf(checkSession('not-a-token'))).toEqual({ status: 404, code: 'api.game.session_invalid' });
  });

  it('refuses an unsigned session check', async () => {
    const response = await fetch(`${site}/api/game/v1/sessions/check`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: 'x' }),
    });
    expect(response.status).toBe(401);
    expect(((await response.json()) as { code: string }).code).toBe('api.game.signature');
  });
});
