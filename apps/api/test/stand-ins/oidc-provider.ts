import { randomBytes, createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeJwt, exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import Provider from 'oidc-provider';

/** How the stand-in alters the ID token of its next token responses (re-signed, so only that is wrong). */
export type IdTokenTamper = 'audience' | 'issuer' | 'expired' | 'signature' | null;

export interface OidcStandInOptions {
  clientId?: string;
  clientSecret?: string;
  redirectUris: string[];
  /** A fixed port (the e2e harness needs to know it before the API starts); random when 0. */
  port?: number;
}

export interface AuthorizeParams {
  subject: string;
  redirectUri: string;
  nonce: string;
  codeVerifier?: string;
  state?: string;
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export const pkceChallenge = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');
export const randomToken = () => randomBytes(32).toString('base64url');

/**
 * A real OpenID provider (the `oidc-provider` package) on 127.0.0.1 standing in for Google. Its
 * login page asks for the subject to sign in as (or takes `login_hint` to skip the page), then
 * grants the requested scopes. `tamper()` lets a test corrupt the next ID tokens it hands out.
 */
export async function startOidcStandIn(options: OidcStandInOptions) {
  const clientId = options.clientId ?? 'site-client';
  const clientSecret = options.clientSecret ?? 'site-client-secret';
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const kid = 'stand-in-key';
  const jwk = { ...(await exportJWK(privateKey)), kid, alg: 'RS256', use: 'sig' };
  let tamperMode: IdTokenTamper = null;
  let discoveryRequests = 0;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    jwks: { keys: [jwk] },
    cookies: { keys: [randomToken()] },
    claims: { openid: ['sub'], profile: ['name'] },
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    ttl: { Interaction: 600, Grant: 3600, Session: 3600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
    findAccount: async (_ctx, sub) => ({ accountId: sub, claims: async () => ({ sub, name: `Người chơi ${sub}` }) }),
  });

  async function resign(idToken: string, mode: Exclude<IdTokenTamper, null>) {
    const claims = decodeJwt(idToken);
    let key: CryptoKey = privateKey;
    const now = Math.floor(Date.now() / 1000);
    if (mode === 'audience') claims.aud = 'another-client';
    if (mode === 'issuer') claims.iss = 'https://issuer.invalid';
    if (mode === 'expired') Object.assign(claims, { iat: now - 7200, exp: now - 3600 });
    if (mode === 'signature') key = (await generateKeyPair('RS256')).privateKey;
    return new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' }).sign(key);
  }

  provider.use(async (ctx, next) => {
    if (ctx.path === '/.well-known/openid-configuration') discoveryRequests += 1;
    await next();
    const body = ctx.body as { id_token?: string } | undefined;
    if (tamperMode && ctx.path === '/token' && ctx.status === 200 && body?.id_token) {
      ctx.body = { ...body, id_token: await resign(body.id_token, tamperMode) };
    }
  });

  async function finish(req: IncomingMessage, res: ServerResponse, subject: string) {
    const details = await provider.interactionDetails(req, res);
    const grant = new provider.Grant({ accountId: subject, clientId: String(details.params.client_id) });
    grant.addOIDCScope(String(details.params.scope));
    const grantId = await grant.save();
    await provider.interactionFinished(
      req,
      res,
      { login: { accountId: subject }, consent: { grantId } },
      { mergeWithLastSubmission: false },
    );
  }

  const readForm = async (req: IncomingMessage) => {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    return new URLSearchParams(raw);
  };

  const handleProvider = provider.callback();
  server.on('request', async (req, res) => {
    const url = new URL(req.url ?? '/', issuer);
    const interaction = /^\/interaction\/([\w-]+)(\/login)?$/.exec(url.pathname);
    if (!interaction) return handleProvider(req, res);
    try {
      if (interaction[2] && req.method === 'POST') {
        const subject = (await readForm(req)).get('subject')?.trim();
        if (!subject) throw new Error('subject is required');
        return await finish(req, res, subject);
      }
      const details = await provider.interactionDetails(req, res);
      const hint = details.params.login_hint;
      if (typeof hint === 'string' && hint) return await finish(req, res, hint);
      res.setHeader('content-type', 'text/html; charset=utf-8');
      res.end(`<!doctype html><html lang="vi"><head><title>Stand-in Google</title></head><body>
<h1>Chọn tài khoản</h1>
<form method="post" action="/interaction/${escapeHtml(interaction[1]!)}/login">
<label>Google subject <input name="subject" autocomplete="off"></label>
<button type="submit">Tiếp tục</button>
</form></body></html>`);
    } catch (error) {
      res.statusCode = 400;
      res.end(String(error));
    }
  });

  return {
    issuer,
    clientId,
    clientSecret,
    /** How many times the discovery document was fetched (the relying party should cache it). */
    discoveryRequests: () => discoveryRequests,
    tamper(mode: IdTokenTamper) {
      tamperMode = mode;
    },
    /** Runs the browser's part of the flow over HTTP (with a cookie jar) and returns the code. */
    async authorize(params: AuthorizeParams): Promise<string> {
      const start = new URL('/auth', issuer);
      const query: Record<string, string> = {
        client_id: clientId,
        response_type: 'code',
        scope: 'openid profile',
        redirect_uri: params.redirectUri,
        nonce: params.nonce,
        state: params.state ?? randomToken(),
        login_hint: params.subject,
      };
      if (params.codeVerifier) {
        query.code_challenge = pkceChallenge(params.codeVerifier);
        query.code_challenge_method = 'S256';
      }
      for (const [name, value] of Object.entries(query)) start.searchParams.set(name, value);
      const jar = new Map<string, string>();
      let next = start.toString();
      for (let hop = 0; hop < 10; hop += 1) {
        const response = await fetch(next, {
          redirect: 'manual',
          headers: { cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; ') },
        });
        for (const cookie of response.headers.getSetCookie()) {
          const [pair] = cookie.split(';');
          const at = pair!.indexOf('=');
          jar.set(pair!.slice(0, at), pair!.slice(at + 1));
        }
        const location = response.headers.get('location');
        if (!location) throw new Error(`authorization stopped at ${next}: ${response.status} ${await response.text()}`);
        const target = new URL(location, next);
        if (target.toString().startsWith(params.redirectUri)) {
          const code = target.searchParams.get('code');
          if (!code) throw new Error(`authorization refused: ${target.search}`);
          return code;
        }
        next = target.toString();
      }
      throw new Error('too many redirects');
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

export type OidcStandIn = Awaited<ReturnType<typeof startOidcStandIn>>;
