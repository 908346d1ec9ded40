import { createHash, randomUUID } from 'node:crypto';
import {
  codes,
  facebookDevicePrefix,
  googleRedirectPath,
  googleScope,
  linkStepCodes,
  socialAuthCodes,
  socialProviderSchema,
  type AuthProviders,
  type FacebookLoginBody,
  type GoogleCodeBody,
  type LinkCredentialsBody,
  type LinkedIdentity,
  type LinkSignInBody,
  type LinkStep,
  type LinkVerifyBody,
  type LoginResult,
  type SocialProvider,
} from '@carabala/contracts';
import { SignJWT, jwtVerify } from 'jose';
import type { Db, Logger } from '../../lib/deps';
import { AppError } from '../../plugins/errors';
import type { SignInClient } from '../auth/sessions';
import { IdTokenRefusedError, ProviderUnreachableError, type OidcClient } from './google-client';
import { FacebookTokenRefusedError, type GraphClient } from './graph-client';
import {
  deleteIdentity,
  findIdentity,
  findIdentityUser,
  hasOtherSignInMethod,
  insertIdentity,
  listIdentities,
  recordUsedCode,
} from './repository';
import { socialAuthMessages } from './messages';

const m = socialAuthMessages;
const unavailable = (provider: SocialProvider) =>
  new AppError(503, socialAuthCodes.providerUnavailable, m.unavailable(provider));
const unreachable = (provider: SocialProvider) =>
  new AppError(502, socialAuthCodes.providerError, m.unreachable(provider));
const notLinkedToAccount = (provider: SocialProvider) =>
  new AppError(400, codes.linkNotFound, m.notLinkedToAccount(provider));
const googleRefused = () => new AppError(400, socialAuthCodes.googleInvalid, m.googleRefused);
const facebookRefused = () => new AppError(400, socialAuthCodes.facebookInvalid, m.facebookRefused);

export interface SocialAuthDeps {
  db: Db;
  log: Logger;
  google: { client: OidcClient; clientId: string } | null;
  facebook: { client: GraphClient; appId: string } | null;
  publicWebUrl: string;
  issueSession: (user: LoginResult['user'], deviceId: string | null, client: SignInClient) => Promise<LoginResult>;
  checkPassword: (credentials: { username: string; password: string }, ip: string) => Promise<LoginResult['user']>;
  /** Signs the link tokens of the linking steps (the API's JWT secret). */
  linkSecret: string;
}

/** How long a player has between two linking steps. */
const LINK_STEP_MINUTES = 10;
const LINK_AUDIENCE = 'account-link';

interface LinkClaims {
  step: 1 | 2 | 3;
  provider: SocialProvider;
  subject: string;
  userId: string | null;
  jti: string;
}

const linkTokenRefused = () => new AppError(400, linkStepCodes.tokenInvalid, m.linkTokenRefused);

export function createSocialAuthService(deps: SocialAuthDeps) {
  const { db, log } = deps;
  const defaultRedirectUri = new URL(googleRedirectPath, deps.publicWebUrl).toString();

  /** Turns a code into the Google subject, refusing a code seen before and any failed check. */
  async function googleSubject(body: GoogleCodeBody): Promise<string> {
    const google = deps.google;
    if (!google) throw unavailable('google');
    const codeHash = createHash('sha256').update(body.code).digest('hex');
    if (!(await recordUsedCode(db, 'google', codeHash))) {
      throw new AppError(400, socialAuthCodes.googleCodeUsed, m.googleCodeUsed);
    }
    return askProvider('google', IdTokenRefusedError, async () => {
      const identity = await google.client.identify(
        body.code,
        body.redirectUri ?? defaultRedirectUri,
        body.nonce,
        body.codeVerifier,
      );
      return identity.subject;
    });
  }

  async function facebookUserId(token: string): Promise<string> {
    const facebook = deps.facebook;
    if (!facebook) throw unavailable('facebook');
    return askProvider('facebook', FacebookTokenRefusedError, () => facebook.client.verifyUserToken(token));
  }

  /** A provider's answer; its refusal and its being unreachable become the players' refusals. */
  async function askProvider<T>(
    provider: SocialProvider,
    Refused: new (...args: never[]) => Error,
    ask: () => Promise<T>,
  ): Promise<T> {
    try {
      return await ask();
    } catch (error) {
      if (error instanceof Refused) {
        log.warn({ reason: error.message }, `${provider} sign-in refused`);
        throw provider === 'google' ? googleRefused() : facebookRefused();
      }
      if (error instanceof ProviderUnreachableError) {
        log.error({ reason: error.message }, `${provider} provider unreachable`);
        throw unreachable(provider);
      }
      throw error;
    }
  }

  async function signInLinked(provider: SocialProvider, subject: string, deviceId: string, client: SignInClient) {
    const user = await findIdentityUser(db, provider, subject);
    if (!user) throw notLinkedToAccount(provider);
    return deps.issueSession(user, deviceId, client);
  }

  async function identitiesOf(userId: string): Promise<LinkedIdentity[]> {
    const rows = await listIdentities(db, userId);
    return rows.map((row) => ({ provider: row.provider as SocialProvider, linkedAt: row.linkedAt.toISOString() }));
  }

  async function link(userId: string, provider: SocialProvider, subject: string): Promise<LinkedIdentity[]> {
    const linkedElsewhere = () => new AppError(409, socialAuthCodes.linkedElsewhere, m.linkedElsewhere(provider));
    const existing = await findIdentity(db, provider, subject);
    if (existing && existing.userId !== userId) throw linkedElsewhere();
    if (!existing && !(await insertIdentity(db, userId, provider, subject))) {
      // Either a concurrent link took the identity, or this account already has another one.
      const now = await findIdentity(db, provider, subject);
      if (now && now.userId !== userId) throw linkedElsewhere();
      if (!now) {
        throw new AppError(409, socialAuthCodes.providerAlreadyLinked, m.providerAlreadyLinked(provider));
      }
    }
    return identitiesOf(userId);
  }

  const linkKey = new TextEncoder().encode(deps.linkSecret);

  const signLinkToken = (claims: Omit<LinkClaims, 'jti'>) =>
    new SignJWT({ step: claims.step, provider: claims.provider, uid: claims.userId })
      .setProtectedHeader({ alg: 'HS256', typ: 'link+jwt' })
      .setSubject(claims.subject)
      .setAudience(LINK_AUDIENCE)
      .setJti(randomUUID())
      .setIssuedAt()
      .setExpirationTime(`${LINK_STEP_MINUTES}m`)
      .sign(linkKey);

  /** The claims of a link token issued by the step before `step`; anything else is refused. */
  async function readLinkToken(token: string, step: LinkClaims['step']): Promise<LinkClaims> {
    try {
      const { payload } = await jwtVerify(token, linkKey, {
        algorithms: ['HS256'],
        audience: LINK_AUDIENCE,
        typ: 'link+jwt',
      });
      const provider = socialProviderSchema.options.find((name) => name === payload.provider);
      if (payload.step !== step || !provider || typeof payload.sub !== 'string' || typeof payload.jti !== 'string') {
        throw linkTokenRefused();
      }
      return {
        step,
        provider,
        subject: payload.sub,
        userId: typeof payload.uid === 'string' ? payload.uid : null,
        jti: payload.jti,
      };
    } catch {
      throw linkTokenRefused();
    }
  }

  const linkStep = async (claims: Omit<LinkClaims, 'jti'>, account: LinkStep['account']): Promise<LinkStep> => ({
    linkToken: await signLinkToken(claims),
    provider: claims.provider,
    account,
  });

  return {
    /** Step 1: the social proof is checked, and must not already belong to an account. */
    async linkVerify(body: LinkVerifyBody): Promise<LinkStep> {
      let subject: string;
      if (body.provider === 'google') {
        subject = await googleSubject(body);
      } else {
        subject = await facebookUserId(body.token);
        if (body.deviceId !== `${facebookDevicePrefix}${subject}`) throw facebookRefused();
      }
      if (await findIdentity(db, body.provider, subject)) {
        throw new AppError(409, linkStepCodes.alreadyLinked, m.alreadyLinked(body.provider));
      }
      return linkStep({ step: 1, provider: body.provider, subject, userId: null }, null);
    },

    /** Step 2: the product account's username and password, counted like a sign-in. */
    async linkCredentials(body: LinkCredentialsBody, ip: string): Promise<LinkStep> {
      const claims = await readLinkToken(body.linkToken, 1);
      const user = await deps.checkPassword(body, ip);
      return linkStep(
        { step: 2, provider: claims.provider, subject: claims.subject, userId: user.id },
        { shortId: user.shortId, displayName: user.displayName },
      );
    },

    /** Step 3: the player confirmed; the identity is linked (again: idempotent). */
    async linkConfirm(linkToken: string): Promise<LinkStep> {
      const claims = await readLinkToken(linkToken, 2);
      await link(claims.userId!, claims.provider, claims.subject);
      const user = await findIdentityUser(db, claims.provider, claims.subject);
      return linkStep(
        { step: 3, provider: claims.provider, subject: claims.subject, userId: claims.userId },
        user ? { shortId: user.shortId, displayName: user.displayName } : null,
      );
    },

    /** Step 4: signs in with the now-linked identity; each step-3 token signs in once. */
    async linkSignIn(body: LinkSignInBody, client: SignInClient): Promise<LoginResult> {
      const claims = await readLinkToken(body.linkToken, 3);
      if (!(await recordUsedCode(db, 'account-link', claims.jti))) throw linkTokenRefused();
      const user = await findIdentityUser(db, claims.provider, claims.subject);
      if (!user || user.id !== claims.userId) throw linkTokenRefused();
      return deps.issueSession(user, body.deviceId, client);
    },

    async providers(): Promise<AuthProviders> {
      let google: AuthProviders['google'] = null;
      if (deps.google) {
        const clientId = deps.google.clientId;
        // The button can still explain itself when discovery is down; the sign-in call will say why.
        const authorizationEndpoint = await deps.google.client
          .metadata()
          .then((metadata) => metadata.authorization_endpoint)
          .catch(() => null);
        google = { clientId, authorizationEndpoint, scope: googleScope };
      }
      return {
        google,
        facebook: deps.facebook ? { appId: deps.facebook.appId, sdkVersion: 'v15.0' } : null,
      };
    },

    async loginWithGoogle(body: GoogleCodeBody, client: SignInClient) {
      return signInLinked('google', await googleSubject(body), 'google.web', client);
    },

    async loginWithFacebook(body: FacebookLoginBody, client: SignInClient) {
      const facebookId = await facebookUserId(body.token);
      // The device id the client names must be the token's own user: a token cannot sign in as another.
      if (body.deviceId !== `${facebookDevicePrefix}${facebookId}`) throw facebookRefused();
      return signInLinked('facebook', facebookId, body.deviceId, client);
    },

    identities: identitiesOf,

    linkGoogle: async (userId: string, body: GoogleCodeBody) => link(userId, 'google', await googleSubject(body)),

    linkFacebook: async (userId: string, token: string) => link(userId, 'facebook', await facebookUserId(token)),

    async unlink(userId: string, provider: SocialProvider): Promise<LinkedIdentity[]> {
      if (!(await hasOtherSignInMethod(db, userId, provider))) {
        throw new AppError(409, socialAuthCodes.lastSignInMethod, m.lastSignInMethod(provider));
      }
      if (!(await deleteIdentity(db, userId, provider))) {
        throw new AppError(404, socialAuthCodes.notLinked, m.notLinked(provider));
      }
      return identitiesOf(userId);
    },
  };
}
