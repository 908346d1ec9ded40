import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SignJWT, decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deriveKey } from '../src/lib/keys';
import { bearer, signIn, useTestApp } from './helpers';
import { startGraphStandIn, type GraphStandIn } from './stand-ins/graph-api';
import { randomToken, startOidcStandIn, type OidcStandIn } from './stand-ins/oidc-provider';
import { multipart, png } from './upload-helpers';

const webUrl = 'http://127.0.0.1:65501';
const redirectUri = `${webUrl}/auth/google`;
const facebookApp = { appId: '700100200301', appSecret: 'stand-in-app-secret' };
const uploadDir = mkdtempSync(join(tmpdir(), 'described-calls-test-'));

let oidc: OidcStandIn;
let graph: GraphStandIn;
const overrides: Record<string, string> = { UPLOAD_DIR: uploadDir };

beforeAll(async () => {
  oidc = await startOidcStandIn({ redirectUris: [redirectUri] });
  graph = await startGraphStandIn(facebookApp);
  Object.assign(overrides, {
    PUBLIC_WEB_URL: webUrl,
    GOOGLE_ISSUER: oidc.issuer,
    GOOGLE_CLIENT_ID: oidc.clientId,
    GOOGLE_CLIENT_SECRET: oidc.clientSecret,
    FACEBOOK_APP_ID: facebookApp.appId,
    FACEBOOK_APP_SECRET: facebookApp.appSecret,
    FACEBOOK_GRAPH_URL: graph.url,
  });
});
afterAll(async () => {
  await oidc?.close();
  await graph?.close();
  rmSync(uploadDir, { recursive: true, force: true });
});

const ctx = useTestApp(overrides);

const post = (url: string, payload: unknown, token?: string) =>
  ctx.app.inject({ method: 'POST', url, payload: payload as object, headers: token ? bearer(token) : {} });
const step = (n: number, payload: unknown) => post(`/api/auth/carabala/tmp/${n}`, payload);
const facebookProof = (userId: string) => ({
  provider: 'facebook',
  token: graph.issueToken(userId),
  deviceId: `fb.web.${userId}`,
});

describe('POST /api/auth/local', () => {
  it('signs in with a product account like the product-named call', async () => {
    const response = await post('/api/auth/local', {
      username: 'player1',
      password: 'player123',
      deviceId: 'carabala.web.test',
    });
    expect(response.statusCode).toBe(200);
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: bearer(response.json().data.accessToken),
    });
    expect(me.json().data.shortId).toBe('8801234');
  });

  it('answers the same field refusals', async () => {
    const wrong = await post('/api/auth/local', { username: 'player1', password: 'wrong-pass', deviceId: 'd' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      code: 'api.auth.carabala.password.invalid',
      errors: { password: ['Mật khẩu không chính xác'] },
    });
    // An unknown username gets the same answer (decision record 040).
    const unknown = await post('/api/auth/local', { username: 'nobody99', password: 'whatever', deviceId: 'd' });
    expect(unknown.json()).toEqual(wrong.json());
  });
});

describe('POST /api/upload', () => {
  const send = (token: string | null, fields: Record<string, string>, body?: Buffer) => {
    const form = multipart(body ? [{ filename: 'a.png', contentType: 'image/png', body }] : [], fields);
    return ctx.app.inject({
      method: 'POST',
      url: '/api/upload',
      headers: { ...form.headers, ...(token ? bearer(token) : {}) },
      payload: form.payload,
    });
  };

  it('refuses a guest', async () => {
    expect((await send(null, { folder: 'supports' }, await png())).statusCode).toBe(401);
  });

  it('stores an image in an allowed folder, re-encoded', async () => {
    const token = await signIn(ctx.app, 'player1', 'player123');
    const response = await send(token, { folder: 'supports' }, await png(20, 10));
    expect(response.statusCode).toBe(200);
    const [file] = response.json().data;
    expect(file).toMatchObject({ contentType: 'image/png', width: 20, height: 10 });
    expect(file.url).toMatch(/^\/api\/uploads\/supports\/[0-9a-f-]{36}\.png$/);
    // Images are private: the bare address serves nobody; a ticket hands out signed addresses.
    expect((await ctx.app.inject({ method: 'GET', url: file.url })).statusCode).toBe(404);
  });

  it('refuses another folder and bytes that are not an image', async () => {
    const token = await signIn(ctx.app, 'player1', 'player123');
    const folder = await send(token, { folder: '../etc' }, await png());
    expect(folder.statusCode).toBe(400);
    expect(folder.json().errors.folder).toEqual(['Thư mục không hợp lệ.']);
    const fake = await send(token, { folder: 'supports' }, Buffer.from('<svg onload="alert(1)"></svg>'));
    expect(fake.statusCode).toBe(400);
    expect(fake.json().errors.files).toEqual(['Hình ảnh không đúng định dạng (JPEG, JPG hoặc PNG)']);
  });
});

describe('POST /api/auth/carabala/tmp/1 to /4 (linking from the sign-in dialog)', () => {
  it('links an unlinked Facebook identity to a product account and signs in', async () => {
    const proof = facebookProof('4400001');
    expect((await post('/api/auth/facebook', { ...proof, provider: undefined, create: false })).json().code).toBe(
      'api.auth.link.not_found',
    );

    const first = await step(1, proof);
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({ provider: 'facebook', account: null });

    const second = await step(2, {
      linkToken: first.json().data.linkToken,
      username: 'player2',
      password: 'player123',
    });
    expect(second.statusCode).toBe(200);
    expect(second.json().data.account).toEqual({ shortId: '8805678', displayName: 'Trần Bảo Ngọc' });

    const third = await step(3, { linkToken: second.json().data.linkToken });
    expect(third.statusCode).toBe(200);

    const fourth = await step(4, { linkToken: third.json().data.linkToken, deviceId: 'fb.web.4400001' });
    expect(fourth.statusCode).toBe(200);
    expect(fourth.json().data.user.shortId).toBe('8805678');
    const me = await ctx.app.inject({ method: 'GET', url: '/api/me', headers: bearer(fourth.json().data.accessToken) });
    expect(me.json().data.shortId).toBe('8805678');

    // The step-3 token signs in once; the identity now signs in directly.
    expect((await step(4, { linkToken: third.json().data.linkToken, deviceId: 'x' })).json().code).toBe(
      'api.auth.link.token_invalid',
    );
    const direct = await post('/api/auth/facebook', { token: graph.issueToken('4400001'), deviceId: 'fb.web.4400001' });
    expect(direct.json().data.user.shortId).toBe('8805678');
    // And step 1 now refuses it: it belongs to an account.
    const again = await step(1, facebookProof('4400001'));
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('api.auth.link.already_linked');
  });

  it('links a Google identity with a fresh authorization code', async () => {
    const nonce = randomToken();
    const codeVerifier = randomToken();
    const code = await oidc.authorize({ subject: 'g-link-1', redirectUri, nonce, codeVerifier });
    const first = await step(1, { provider: 'google', code, nonce, codeVerifier, redirectUri });
    expect(first.statusCode).toBe(200);
    const second = await step(2, {
      linkToken: first.json().data.linkToken,
      username: 'player1',
      password: 'player123',
    });
    const third = await step(3, { linkToken: second.json().data.linkToken });
    const fourth = await step(4, { linkToken: third.json().data.linkToken, deviceId: 'google.web' });
    expect(fourth.json().data.user.shortId).toBe('8801234');
  });

  it('refuses a wrong password at step 2, on the password field', async () => {
    const first = await step(1, facebookProof('4400002'));
    const wrong = await step(2, { linkToken: first.json().data.linkToken, username: 'player1', password: 'not-it-1' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      code: 'api.auth.carabala.password.invalid',
      errors: { password: ['Mật khẩu không chính xác'] },
    });
  });

  it('refuses a token out of order, forged, or for another audience', async () => {
    const first = await step(1, facebookProof('4400003'));
    const token1 = first.json().data.linkToken as string;
    // A step-1 token cannot skip the password check.
    expect((await step(3, { linkToken: token1 })).json().code).toBe('api.auth.link.token_invalid');
    expect((await step(4, { linkToken: token1, deviceId: 'x' })).json().code).toBe('api.auth.link.token_invalid');
    // A token signed with another key, claiming to be step 3 for player1.
    const forged = await new SignJWT({ step: 3, provider: 'facebook', uid: 'x' })
      .setProtectedHeader({ alg: 'HS256', typ: 'link+jwt' })
      .setSubject('4400003')
      .setAudience('account-link')
      .setJti('00000000-0000-4000-8000-000000000000')
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode('another-secret-another-secret-another-secret'));
    const refused = await step(4, { linkToken: forged, deviceId: 'x' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'api.auth.link.token_invalid',
      message: 'Phiên liên kết tài khoản đã hết hạn, vui lòng đăng nhập mạng xã hội lại.',
    });
    // A sign-in token is not a link token, and a link token is not a sign-in token.
    const session = await signIn(ctx.app, 'player1', 'player123');
    expect((await step(2, { linkToken: session, username: 'player1', password: 'player123' })).statusCode).toBe(400);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/me', headers: bearer(token1) })).statusCode).toBe(401);
  });

  it('never takes an account from a token: forged steps are refused, even signed with a known key', async () => {
    const victim = (
      await signIn(ctx.app, 'player2', 'player123').then((token) =>
        ctx.app.inject({ method: 'GET', url: '/api/me', headers: bearer(token) }),
      )
    ).json().data.id as string;
    const first = await step(1, facebookProof('4400005'));
    const ref = decodeJwt(first.json().data.linkToken as string).ref as string;
    // The attack on a default install: a step-2 token naming the victim, in the old shape, signed with
    // the secret that was a constant in the code, with the session key, or with JWT_SECRET itself.
    const oldShape = (key: Uint8Array) =>
      new SignJWT({ step: 2, provider: 'facebook', uid: victim })
        .setProtectedHeader({ alg: 'HS256', typ: 'link+jwt' })
        .setSubject('4400005')
        .setAudience('account-link')
        .setJti('00000000-0000-4000-8000-000000000001')
        .setExpirationTime('5m')
        .sign(key);
    const knownKeys = [
      new TextEncoder().encode('demo-secret-change-me-demo-secret-change-me'),
      deriveKey(ctx.config.JWT_SECRET, 'session'),
      new TextEncoder().encode(ctx.config.JWT_SECRET),
    ];
    // Even with the linking steps' own key, a token can only point at what a step recorded: step 1's
    // record (no password checked) does not pass for step 2's, and an invented handle names nothing.
    const linkKey = deriveKey(ctx.config.JWT_SECRET, 'account-link');
    const withLinkKey = (claims: { step: number; ref: string }) =>
      new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256', typ: 'link+jwt' })
        .setAudience('account-link')
        .setExpirationTime('5m')
        .sign(linkKey);
    const forgeries = [
      ...(await Promise.all(knownKeys.map(oldShape))),
      await withLinkKey({ step: 2, ref }),
      await withLinkKey({ step: 2, ref: 'x'.repeat(43) }),
    ];
    for (const forged of forgeries) {
      const third = await step(3, { linkToken: forged });
      expect(third.statusCode).toBe(400);
      expect(third.json().code).toBe('api.auth.link.token_invalid');
      expect((await step(4, { linkToken: forged, deviceId: 'x' })).json().code).toBe('api.auth.link.token_invalid');
    }
    const linked = await post('/api/auth/facebook', { token: graph.issueToken('4400005'), deviceId: 'fb.web.4400005' });
    expect(linked.json().code).toBe('api.auth.link.not_found');
  });

  it('refuses a Facebook token of another user', async () => {
    const response = await step(1, { provider: 'facebook', token: graph.issueToken('4400004'), deviceId: 'fb.web.1' });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('api.auth.facebook.invalid');
  });
});

describe('OpenAPI', () => {
  it('documents every described call, the generic ones included', async () => {
    const docs = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    for (const path of [
      '/api/auth/local',
      '/api/upload',
      '/api/auth/carabala/tmp/1',
      '/api/auth/carabala/tmp/2',
      '/api/auth/carabala/tmp/3',
      '/api/auth/carabala/tmp/4',
    ]) {
      expect(docs.paths[path]?.post, path).toBeDefined();
    }
  });
});
