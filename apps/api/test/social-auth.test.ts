import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { bearer, signIn, testConfig, useTestApp } from './helpers';
import { startGraphStandIn, type GraphStandIn } from './stand-ins/graph-api';
import { randomToken, startOidcStandIn, type OidcStandIn } from './stand-ins/oidc-provider';

const webUrl = 'http://127.0.0.1:65500';
const redirectUri = `${webUrl}/auth/google`;
const facebookApp = { appId: '700100200300', appSecret: 'stand-in-app-secret' };

let oidc: OidcStandIn;
let graph: GraphStandIn;
const overrides: Record<string, string> = {};

// Registered before useTestApp's hooks, so the stand-ins' addresses are in the config it reads.
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
});

const ctx = useTestApp(overrides);

/** A fresh code for `subject`, as the browser would bring it back, with the values to send along. */
async function googleCode(subject: string) {
  const nonce = randomToken();
  const codeVerifier = randomToken();
  const code = await oidc.authorize({ subject, redirectUri, nonce, codeVerifier });
  return { code, nonce, codeVerifier };
}

const post = (url: string, payload: unknown, token?: string) =>
  ctx.app.inject({ method: 'POST', url, payload: payload as object, headers: token ? bearer(token) : {} });

describe('GET /api/auth/providers', () => {
  it('names the configured providers and the authorization endpoint from discovery', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/auth/providers' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({
      google: { clientId: oidc.clientId, authorizationEndpoint: `${oidc.issuer}/auth`, scope: 'openid profile' },
      facebook: { appId: facebookApp.appId, sdkVersion: 'v15.0' },
    });
  });
});

describe('OpenAPI', () => {
  it('documents the sign-in and linking paths', async () => {
    const docs = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(Object.keys(docs.paths)).toEqual(
      expect.arrayContaining([
        '/api/auth/providers',
        '/api/auth/google',
        '/api/auth/facebook',
        '/api/auth/identities',
        '/api/auth/identities/google',
        '/api/auth/identities/facebook',
        '/api/auth/identities/{provider}',
      ]),
    );
    expect(docs.paths['/api/auth/google'].post.description).toContain('api.auth.google.code_used');
  });
});

describe('Google sign-in (authorization code)', () => {
  it('tells a player whose Google profile is not linked, in Vietnamese', async () => {
    const response = await post('/api/auth/google', await googleCode('g-nobody'));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'api.auth.link.not_found',
      message: expect.stringContaining('chưa được liên kết với tài khoản game nào'),
    });
  });

  it('links Google for a signed-in player, then signs them in with it', async () => {
    const password = await signIn(ctx.app, 'player1', 'player123');
    const linked = await post('/api/auth/identities/google', await googleCode('g-player1'), password);
    expect(linked.statusCode).toBe(200);
    expect(linked.json().data).toEqual([{ provider: 'google', linkedAt: expect.any(String) }]);

    const login = await post('/api/auth/google', await googleCode('g-player1'));
    expect(login.statusCode).toBe(200);
    expect(login.json().data.user).toMatchObject({ shortId: '8801234', displayName: 'Nguyễn Minh Anh' });
    const me = await ctx.app.inject({ method: 'GET', url: '/api/me', headers: bearer(login.json().data.accessToken) });
    expect(me.json().data.shortId).toBe('8801234');

    const profile = await ctx.app.inject({ method: 'GET', url: '/api/profile', headers: bearer(password) });
    expect(profile.json().data.identities).toEqual([{ provider: 'google', linkedAt: expect.any(String) }]);
  });

  it('refuses a replayed code, even one first used for linking', async () => {
    const first = await googleCode('g-player1');
    expect((await post('/api/auth/google', first)).statusCode).toBe(200);
    const replay = await post('/api/auth/google', first);
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toMatchObject({
      code: 'api.auth.google.code_used',
      message: 'Mã đăng nhập Google này đã được sử dụng, vui lòng đăng nhập lại.',
    });
  });

  it('refuses a code the provider never issued', async () => {
    const response = await post('/api/auth/google', { code: 'made-up-code', nonce: randomToken() });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'api.auth.google.invalid',
      message: 'Đăng nhập Google không thành công, vui lòng thử lại.',
    });
  });

  it('refuses an ID token whose nonce is not the one this browser sent', async () => {
    const code = await googleCode('g-player1');
    const response = await post('/api/auth/google', { ...code, nonce: randomToken() });
    expect(response.json().code).toBe('api.auth.google.invalid');
  });

  it('refuses a code presented with the wrong PKCE verifier', async () => {
    const code = await googleCode('g-player1');
    const response = await post('/api/auth/google', { ...code, codeVerifier: randomToken() });
    expect(response.json().code).toBe('api.auth.google.invalid');
  });

  for (const mode of ['audience', 'issuer', 'expired', 'signature'] as const) {
    it(`refuses an ID token with a wrong ${mode}`, async () => {
      const code = await googleCode('g-player1');
      oidc.tamper(mode);
      try {
        const response = await post('/api/auth/google', code);
        expect(response.statusCode).toBe(400);
        expect(response.json().code).toBe('api.auth.google.invalid');
        expect(response.json().data).toBeUndefined();
      } finally {
        oidc.tamper(null);
      }
      // The same provider, untampered, still signs the player in: the refusal was the token's fault.
      expect((await post('/api/auth/google', await googleCode('g-player1'))).statusCode).toBe(200);
    });
  }

  it('fetched the discovery document once for all these sign-ins', () => {
    expect(oidc.discoveryRequests()).toBe(1);
  });

  it('validates the body', async () => {
    const response = await post('/api/auth/google', { code: 'x', redirectUri: 'https://evil.example/steal' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'api.validation', errors: { nonce: expect.any(Array) } });
    expect(response.json().errors.redirectUri).toBeDefined();
  });
});

describe('linking rules', () => {
  it('keeps one identity to one account and one Google account per game account', async () => {
    const player2 = await signIn(ctx.app, 'player2', 'player123');
    const elsewhere = await post('/api/auth/identities/google', await googleCode('g-player1'), player2);
    expect(elsewhere.statusCode).toBe(409);
    expect(elsewhere.json()).toMatchObject({
      code: 'api.auth.identity.linked_elsewhere',
      message: 'Tài khoản Google này đã được liên kết với một tài khoản game khác.',
    });

    const player1 = await signIn(ctx.app, 'player1', 'player123');
    const second = await post('/api/auth/identities/google', await googleCode('g-player1-other'), player1);
    expect(second.statusCode).toBe(409);
    expect(second.json().code).toBe('api.auth.identity.provider_already_linked');

    const again = await post('/api/auth/identities/google', await googleCode('g-player1'), player1);
    expect(again.statusCode).toBe(200);
  });

  it('requires a signed-in user', async () => {
    expect((await post('/api/auth/identities/google', await googleCode('g-x'))).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'DELETE', url: '/api/auth/identities/google' })).statusCode).toBe(401);
  });

  it('unlinks, after which the Google profile no longer signs in', async () => {
    const player1 = await signIn(ctx.app, 'player1', 'player123');
    const unlink = () =>
      ctx.app.inject({ method: 'DELETE', url: '/api/auth/identities/google', headers: bearer(player1) });
    const removed = await unlink();
    expect(removed.statusCode).toBe(200);
    expect(removed.json().data).toEqual([]);
    expect((await post('/api/auth/google', await googleCode('g-player1'))).json().code).toBe('api.auth.link.not_found');
    const twice = await unlink();
    expect(twice.statusCode).toBe(404);
    expect(twice.json().code).toBe('api.auth.identity.not_linked');
    const unknown = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/auth/identities/twitter',
      headers: bearer(player1),
    });
    expect(unknown.statusCode).toBe(400);
  });
});

describe('Facebook sign-in (Graph debug_token)', () => {
  const facebookUser = '1029384756';

  it('links with a valid token and then signs in with it', async () => {
    const unlinked = await post('/api/auth/facebook', {
      token: graph.issueToken(facebookUser),
      deviceId: `fb.web.${facebookUser}`,
      create: false,
    });
    expect(unlinked.statusCode).toBe(400);
    expect(unlinked.json()).toMatchObject({
      code: 'api.auth.link.not_found',
      message: expect.stringContaining('Facebook này chưa được liên kết'),
    });

    const player2 = await signIn(ctx.app, 'player2', 'player123');
    const linked = await post('/api/auth/identities/facebook', { token: graph.issueToken(facebookUser) }, player2);
    expect(linked.statusCode).toBe(200);
    expect(linked.json().data.map((identity: { provider: string }) => identity.provider)).toEqual(['facebook']);

    const login = await post('/api/auth/facebook', {
      token: graph.issueToken(facebookUser),
      deviceId: `fb.web.${facebookUser}`,
      create: false,
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().data.user.shortId).toBe('8805678');
  });

  it('refuses a token of another app, an invalid token and a deviceId naming another user', async () => {
    const attempt = (token: string, deviceId = `fb.web.${facebookUser}`) =>
      post('/api/auth/facebook', { token, deviceId, create: false });
    for (const response of [
      await attempt(graph.issueToken(facebookUser, '999888777')),
      await attempt('EAAnot-a-real-token'),
      await attempt(graph.issueToken('5550001'), `fb.web.${facebookUser}`),
    ]) {
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'api.auth.facebook.invalid',
        message: 'Phiên đăng nhập Facebook không hợp lệ, vui lòng thử lại.',
      });
    }
  });

  it('accepts only create: false and a deviceId of the described form', async () => {
    const token = graph.issueToken(facebookUser);
    expect(
      (await post('/api/auth/facebook', { token, deviceId: `fb.web.${facebookUser}`, create: true })).statusCode,
    ).toBe(400);
    expect((await post('/api/auth/facebook', { token, deviceId: facebookUser })).json().code).toBe('api.validation');
  });
});

describe('providers that are not configured or not reachable', () => {
  const apps: FastifyInstance[] = [];
  afterAll(async () => {
    for (const app of apps) await app.close();
  });
  const appWith = async (config: Record<string, string>) => {
    const app = await buildApp({ config: testConfig(config), database: ctx.database, ownsDatabase: false });
    apps.push(app);
    return app;
  };

  it('answers provider_unavailable in Vietnamese when no client id is set', async () => {
    const app = await appWith({});
    const providers = await app.inject({ method: 'GET', url: '/api/auth/providers' });
    expect(providers.json().data).toEqual({ google: null, facebook: null });
    const google = await app.inject({
      method: 'POST',
      url: '/api/auth/google',
      payload: { code: 'abc', nonce: randomToken() },
    });
    expect(google.statusCode).toBe(503);
    expect(google.json()).toMatchObject({
      code: 'api.auth.provider_unavailable',
      message: 'Đăng nhập bằng Google hiện chưa được hỗ trợ trên trang này.',
    });
    const facebook = await app.inject({
      method: 'POST',
      url: '/api/auth/facebook',
      payload: { token: 'abc', deviceId: 'fb.web.1', create: false },
    });
    expect(facebook.statusCode).toBe(503);
    expect(facebook.json().message).toBe('Đăng nhập bằng Facebook hiện chưa được hỗ trợ trên trang này.');
  });

  it('answers provider_error when the provider cannot be reached or refuses our credentials', async () => {
    const app = await appWith({
      GOOGLE_ISSUER: 'http://127.0.0.1:9',
      GOOGLE_CLIENT_ID: 'id',
      GOOGLE_CLIENT_SECRET: 'secret',
      FACEBOOK_APP_ID: facebookApp.appId,
      FACEBOOK_APP_SECRET: 'not-the-secret',
      FACEBOOK_GRAPH_URL: graph.url,
    });
    const providers = await app.inject({ method: 'GET', url: '/api/auth/providers' });
    expect(providers.json().data.google).toEqual({
      clientId: 'id',
      authorizationEndpoint: null,
      scope: 'openid profile',
    });
    const google = await app.inject({
      method: 'POST',
      url: '/api/auth/google',
      payload: { code: 'abc', nonce: randomToken() },
    });
    expect(google.statusCode).toBe(502);
    expect(google.json().code).toBe('api.auth.provider_error');
    const facebook = await app.inject({
      method: 'POST',
      url: '/api/auth/facebook',
      payload: { token: graph.issueToken('1'), deviceId: 'fb.web.1', create: false },
    });
    expect(facebook.statusCode).toBe(502);
    expect(facebook.json().message).toBe('Không kết nối được với Facebook, vui lòng thử lại sau.');
  });
});
