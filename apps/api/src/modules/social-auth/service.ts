import { createHash, randomBytes } from 'node:crypto';
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
import type { SignInClient } from '../auth';
import { IdTokenRefusedError, ProviderUnreachableError, type OidcClient } from './google-client';
import { FacebookTokenRefusedError, type GraphClient } from './graph-client';
import {
  deleteIdentity,
  findIdentity,
  findIdentityUser,
  findLinkStep,
  hasOtherSignInMethod,
  insertIdentity,
  insertLinkStep,
  listIdentities,
  recordUsedCode,
  useLinkStep,
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
  /** Signs the link tokens of the linking steps: their own key (lib/keys.ts, 'account-link'). */
  linkKey: Uint8Array;
}

/** How long a player has between two linking steps. */
const LINK_STEP_MINUTES = 10;
const LINK_AUDIENCE = 'account-link';

/** What the steps so far verified: the provider's identity, then the account whose password was checked. */
interface Verified {
  provider: SocialProvider;
  subject: string;
  userId: string | null;
}

const linkTokenRefused = () => new AppError(400, linkStepCodes.tokenInvalid, m.linkTokenRefused);

/** The providers' proofs of who a player is: a Google code's subject, a Facebook token's user id. */
function providerProofs(deps: SocialAuthDeps) {
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

  return { googleSubject, facebookUserId };
}

/** The identities linked to an account, and linking one. */
function identityLinks(db: Db) {
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

  return { identitiesOf, link };
}

/** The linking steps' records and tokens (decision 027). */
function linkTokens(db: Db, linkKey: Uint8Array) {
  const handleHash = (handle: string) => createHash('sha256').update(handle).digest('hex');

  /**
   * Records what `step` verified and answers its token. The token carries only the step and a random
   * handle of the record (decision 027): the next step reads the identity and the account from the
   * record, so a token made with a known key still names nothing that a step did not prove.
   */
  async function linkStep(step: 1 | 2 | 3, verified: Verified, account: LinkStep['account']): Promise<LinkStep> {
    const handle = randomBytes(32).toString('base64url');
    await insertLinkStep(db, {
      handleHash: handleHash(handle),
      step,
      ...verified,
      expiresAt: new Date(Date.now() + LINK_STEP_MINUTES * 60_000),
    });
    const linkToken = await new SignJWT({ step, ref: handle })
      .setProtectedHeader({ alg: 'HS256', typ: 'link+jwt' })
      .setAudience(LINK_AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(`${LINK_STEP_MINUTES}m`)
      .sign(linkKey);
    return { linkToken, provider: verified.provider, account };
  }

  /** The handle of a link token issued by step `step`; anything else is refused. */
  async function linkHandle(token: string, step: 1 | 2 | 3): Promise<string> {
    try {
      const { payload } = await jwtVerify(token, linkKey, {
        algorithms: ['HS256'],
        audience: LINK_AUDIENCE,
        typ: 'link+jwt',
      });
      if (payload.step === step && typeof payload.ref === 'string') return handleHash(payload.ref);
    } catch {
      // Refused below, whatever was wrong with it.
    }
    throw linkTokenRefused();
  }

  /** What step `step` verified, read from its record (live: neither expired nor used). */
  async function verifiedBy(token: string, step: 1 | 2): Promise<Verified> {
    const row = await findLinkStep(db, await linkHandle(token, step), step);
    const provider = socialProviderSchema.options.find((name) => name === row?.provider);
    if (!row || !provider) throw linkTokenRefused();
    return { provider, subject: row.subject, userId: row.userId };
  }

  return { linkStep, linkHandle, verifiedBy };
}

export function createSocialAuthService(deps: SocialAuthDeps) {
  const { db } = deps;
  const { googleSubject, facebookUserId } = providerProofs(deps);
  const { identitiesOf, link } = identityLinks(db);
  const { linkStep, linkHandle, verifiedBy } = linkTokens(db, deps.linkKey);

  async function signInLinked(provider: SocialProvider, subject: string, deviceId: string, client: SignInClient) {
    const user = await findIdentityUser(db, provider, subject);
    if (!user) throw notLinkedToAccount(provider);
    return deps.issueSession(user, deviceId, client);
  }

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
      return linkStep(1, { provider: body.provider, subject, userId: null }, null);
    },

    /** Step 2: the product account's username and password, counted like a sign-in. */
    async linkCredentials(body: LinkCredentialsBody, ip: string): Promise<LinkStep> {
      const identity = await verifiedBy(body.linkToken, 1);
      const user = await deps.checkPassword(body, ip);
      return linkStep(2, { ...identity, userId: user.id }, { shortId: user.shortId, displayName: user.displayName });
    },

    /** Step 3: the player confirmed; the identity is linked (again: idempotent). */
    async linkConfirm(linkToken: string): Promise<LinkStep> {
      const verified = await verifiedBy(linkToken, 2);
      // Step 2's record always holds the account whose password it checked.
      if (!verified.userId) throw linkTokenRefused();
      await link(verified.userId, verified.provider, verified.subject);
      const user = await findIdentityUser(db, verified.provider, verified.subject);
      return linkStep(3, verified, user ? { shortId: user.shortId, displayName: user.displayName } : null);
    },

    /** Step 4: signs in with the now-linked identity; each step-3 token signs in once. */
    async linkSignIn(body: LinkSignInBody, client: SignInClient): Promise<LoginResult> {
      const linked = await useLinkStep(db, await linkHandle(body.linkToken, 3), 3);
      if (!linked) throw linkTokenRefused();
      const user = await findIdentityUser(db, linked.provider, linked.subject);
      if (!user || user.id !== linked.userId) throw linkTokenRefused();
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
