import { createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTVerifyGetKey } from 'jose';
import { z } from 'zod';

const discoverySchema = z.object({
  issuer: z.string(),
  authorization_endpoint: z.string().url(),
  token_endpoint: z.string().url(),
  jwks_uri: z.string().url(),
});
export type OidcDiscovery = z.infer<typeof discoverySchema>;

const tokenResponseSchema = z.object({ id_token: z.string().min(1) });

/** The provider could not be reached or answered nonsense: not the player's fault. */
export class ProviderUnreachableError extends Error {}
/** The provider refused the code, or the ID token failed a check: the sign-in is refused. */
export class IdTokenRefusedError extends Error {}

export interface GoogleIdentity {
  subject: string;
  name: string | null;
  picture: string | null;
}

export interface OidcClientOptions {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** How long a discovery document is trusted before it is fetched again. */
  discoveryTtlMs?: number;
  timeoutMs?: number;
}

const ASYMMETRIC_ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'EdDSA'];

/**
 * An OpenID Connect relying party for the authorization-code flow. The discovery document (and the
 * key set it names) is fetched once and cached; a failed fetch is not cached, so a provider outage
 * heals by itself.
 */
export function createOidcClient(options: OidcClientOptions) {
  const issuer = options.issuer.replace(/\/+$/, '');
  const ttl = options.discoveryTtlMs ?? 3_600_000;
  const timeout = options.timeoutMs ?? 10_000;
  let cached: { at: number; value: Promise<{ discovery: OidcDiscovery; keys: JWTVerifyGetKey }> } | null = null;

  async function fetchDiscovery() {
    let body: unknown;
    try {
      const response = await fetch(`${issuer}/.well-known/openid-configuration`, {
        signal: AbortSignal.timeout(timeout),
        headers: { accept: 'application/json' },
      });
      if (!response.ok) throw new ProviderUnreachableError(`discovery answered ${response.status}`);
      body = await response.json();
    } catch (error) {
      throw error instanceof ProviderUnreachableError ? error : new ProviderUnreachableError(String(error));
    }
    const parsed = discoverySchema.safeParse(body);
    if (!parsed.success) throw new ProviderUnreachableError('discovery document is malformed');
    // OpenID Connect Discovery 1.0 §4.3: the document must name the issuer it was fetched from.
    if (parsed.data.issuer.replace(/\/+$/, '') !== issuer) {
      throw new ProviderUnreachableError(`discovery names issuer ${parsed.data.issuer}, expected ${issuer}`);
    }
    return { discovery: parsed.data, keys: createRemoteJWKSet(new URL(parsed.data.jwks_uri)) };
  }

  function metadata() {
    if (!cached || Date.now() - cached.at > ttl) {
      const value = fetchDiscovery();
      const entry = { at: Date.now(), value };
      cached = entry;
      value.catch(() => {
        if (cached === entry) cached = null;
      });
    }
    return cached.value;
  }

  async function exchangeCode(code: string, redirectUri: string, codeVerifier?: string): Promise<string> {
    const { discovery } = await metadata();
    const form = new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      client_id: options.clientId,
      client_secret: options.clientSecret,
    });
    if (codeVerifier) form.set('code_verifier', codeVerifier);
    let response: Response;
    try {
      response = await fetch(discovery.token_endpoint, {
        method: 'POST',
        body: form,
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(timeout),
      });
    } catch (error) {
      throw new ProviderUnreachableError(String(error));
    }
    const body: unknown = await response.json().catch(() => null);
    // 400/401 are the provider's verdict on the code (invalid_grant: used, expired, wrong redirect).
    if (response.status === 400 || response.status === 401) throw new IdTokenRefusedError(JSON.stringify(body));
    if (!response.ok) throw new ProviderUnreachableError(`token endpoint answered ${response.status}`);
    const parsed = tokenResponseSchema.safeParse(body);
    if (!parsed.success) throw new ProviderUnreachableError('token response carries no id_token');
    return parsed.data.id_token;
  }

  async function verifyIdToken(idToken: string, nonce: string): Promise<GoogleIdentity> {
    const { discovery, keys } = await metadata();
    try {
      const { payload } = await jwtVerify(idToken, keys, {
        issuer: discovery.issuer,
        audience: options.clientId,
        algorithms: ASYMMETRIC_ALGORITHMS,
        requiredClaims: ['sub', 'exp', 'iat'],
        clockTolerance: 5,
      });
      if (payload.nonce !== nonce) throw new IdTokenRefusedError('nonce does not match');
      if (payload.azp !== undefined && payload.azp !== options.clientId) {
        throw new IdTokenRefusedError('azp names another client');
      }
      return {
        subject: payload.sub!,
        name: typeof payload.name === 'string' ? payload.name : null,
        picture: typeof payload.picture === 'string' ? payload.picture : null,
      };
    } catch (error) {
      if (error instanceof IdTokenRefusedError) throw error;
      // Keys that cannot be fetched are an outage; every other failure is a refused token.
      if (error instanceof joseErrors.JWKSTimeout) throw new ProviderUnreachableError(String(error));
      if (error instanceof joseErrors.JOSEError || error instanceof TypeError) {
        throw new IdTokenRefusedError(String(error));
      }
      throw error;
    }
  }

  return {
    metadata: async () => (await metadata()).discovery,
    /** Exchanges the code and verifies the ID token it yields; the nonce binds it to the browser. */
    async identify(code: string, redirectUri: string, nonce: string, codeVerifier?: string) {
      return verifyIdToken(await exchangeCode(code, redirectUri, codeVerifier), nonce);
    },
  };
}

export type OidcClient = ReturnType<typeof createOidcClient>;
