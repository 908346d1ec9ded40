import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { bearer, signIn, useTestApp } from './helpers';

const ctx = useTestApp({ LOGIN_FAILURES_PER_ACCOUNT: '3', LOGIN_FAILURES_PER_IP: '8' });

const login = (username: string, password: string, ip = '10.0.0.1') =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/auth/carabala',
    payload: { username, password, deviceId: 'carabala.web.1' },
    remoteAddress: ip,
  });

describe('POST /api/auth/carabala', () => {
  it('signs in a verified player and returns a token and the user', async () => {
    const response = await login('player1', 'player123');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.code).toBe('api.success');
    expect(body.data.user).toMatchObject({ shortId: '8801234', displayName: 'Nguyễn Minh Anh', role: 'player' });
    expect(body.data.accessToken.split('.')).toHaveLength(3);
  });

  it('accepts the username in any case', async () => {
    expect((await login('PLAYER2', 'player123', '10.0.0.2')).statusCode).toBe(200);
  });

  it('answers an unknown username exactly as a wrong password, a staff account included', async () => {
    const wrong = await login('player1', 'wrongpass', '10.0.1.2');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      code: 'api.auth.carabala.password.invalid',
      message: 'Mật khẩu không chính xác',
      errors: { password: ['Mật khẩu không chính xác'] },
      issues: { password: [{ key: 'api.auth.product.password.invalid' }] },
    });
    for (const [username, ip] of [
      ['nobody123', '10.0.1.1'],
      ['admin1', '10.0.1.4'],
      ['player3', '10.0.1.3'],
    ] as const) {
      // Unknown, staff (asked for a code only after the right password) and unverified: one answer.
      const answer = await login(username, username === 'nobody123' ? 'player123' : 'wrongpass', ip);
      expect(answer.statusCode, username).toBe(wrong.statusCode);
      expect(answer.json(), username).toEqual(wrong.json());
    }
  });

  it('tells an unverified account and a staff account apart only after the right password', async () => {
    const unverified = await login('player3', 'player123', '10.0.1.5');
    expect(unverified.json()).toMatchObject({
      code: 'api.auth.carabala.unactivated',
      errors: { username: ['Tài khoản này chưa được xác minh email'] },
    });
    const staff = await login('admin1', 'admin123', '10.0.1.5');
    expect(staff.statusCode).toBe(428);
    expect(staff.json().code).toBe('api.auth.second_factor_required');
  });

  it('spends as long on an unknown username as on a wrong password (a hash each)', async () => {
    const took = async (username: string, ip: string) => {
      const started = performance.now();
      expect((await login(username, 'not-the-password', ip)).statusCode).toBe(400);
      return performance.now() - started;
    };
    const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    const unknown: number[] = [];
    const wrong: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      // Each from its own address, under the per-account and per-address limits.
      unknown.push(await took(`nobody-${i}-x`, `10.0.2.${i}`));
      wrong.push(await took('player1', `10.0.3.${i}`));
    }
    // Without a hash, an unknown username answered in about a millisecond against tens for a wrong password.
    // A fifth, not a half: the wrong password's path also writes its failure counts, which a busy machine slows.
    expect(median(unknown)).toBeGreaterThan(median(wrong) * 0.2);
  });

  it('validates the body with the messages of the description', async () => {
    const response = await login('abc', '');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'api.validation',
      errors: { username: ['Vui lòng nhập trong khoảng 6-200 kí tự.'], password: ['Vui lòng nhập mật khẩu.'] },
    });
  });

  it('answers malformed JSON with a validation code, not a 500', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/carabala',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('api.validation');
  });

  it('throttles failures per account and IP, without locking the player out from another IP', async () => {
    const attacker = '10.9.9.9';
    for (let i = 0; i < 3; i += 1) expect((await login('player2', `guess${i}xx`, attacker)).statusCode).toBe(400);
    const blocked = await login('player2', 'player123', attacker);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().code).toBe('api.rate_limited');
    expect(blocked.json().message).toContain('thử lại sau 15 phút');
    // The real player, from their own device, still signs in.
    expect((await login('player2', 'player123', '10.0.0.77')).statusCode).toBe(200);
  });

  it('throttles one IP guessing many accounts', async () => {
    const ip = '10.8.8.8';
    for (let i = 0; i < 8; i += 1) await login(`someone${i}x`, 'whatever1', ip);
    expect((await login('player1', 'player123', ip)).statusCode).toBe(429);
  });
});

describe('sessions', () => {
  it('GET /api/me answers the user of a live token', async () => {
    const token = await signIn(ctx.app, 'player1', 'player123');
    const response = await ctx.app.inject({ method: 'GET', url: '/api/me', headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({
      id: expect.any(String),
      shortId: '8801234',
      displayName: 'Nguyễn Minh Anh',
      avatar: '9001',
      role: 'player',
    });
  });

  it('GET /api/profile answers the fuller record', async () => {
    const token = await signIn(ctx.app, 'admin1', 'admin123');
    const response = await ctx.app.inject({ method: 'GET', url: '/api/profile', headers: bearer(token) });
    expect(response.json().data).toMatchObject({
      username: 'admin1',
      role: 'admin',
      emailVerified: true,
      identities: [],
    });
  });

  it('refuses a missing, tampered, alg:none, wrongly signed and revoked token with 401', async () => {
    const token = await signIn(ctx.app, 'player1', 'player123');
    const me = (authorization?: string) =>
      ctx.app.inject({ method: 'GET', url: '/api/me', headers: authorization ? { authorization } : {} });

    expect((await me()).statusCode).toBe(401);
    expect((await me()).json().code).toBe('api.unauthorized');

    const [header, payload, signature] = token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, sub: '00000000-0000-0000-0000-000000000000' })).toString(
      'base64url',
    );
    expect((await me(`Bearer ${header}.${forged}.${signature}`)).statusCode).toBe(401);

    const none = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    expect((await me(`Bearer ${none}.${payload}.`)).statusCode).toBe(401);

    const otherKey = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode('another-secret-another-secret-another-secret'));
    expect((await me(`Bearer ${otherKey}`)).statusCode).toBe(401);

    expect((await me(`Bearer ${token}`)).statusCode).toBe(200);
    const logout = await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) });
    expect(logout.json().code).toBe('api.success');
    expect((await me(`Bearer ${token}`)).statusCode).toBe(401);
  });

  it('refuses an expired session', async () => {
    const token = await signIn(ctx.app, 'player2', 'player123');
    const { sql } = await import('drizzle-orm');
    await ctx.database.db.execute(sql`UPDATE sessions SET expires_at = now() - interval '1 second'`);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/me', headers: bearer(token) })).statusCode).toBe(401);
  });
});
