import {
  codes,
  productAuthCodes,
  secondFactorCodes,
  secondFactorMessages,
  type LoginResult,
  type ProductLoginBody,
} from '@carabala/contracts';
import { GAME_DEVICE_PREFIX, gameMessages } from '@carabala/contracts/game-api';
import { isStaff } from '@carabala/contracts/permissions';
import type { Db, FailureCounter, SessionCache, TokenIssuer } from '../../lib/deps';
import { AppError } from '../../plugins/errors';
import type { SecondFactorService } from '../second-factor';
import { authMessages } from './messages';
import { gameUnavailable, GameUnavailableError, type GameBackend, type GamePlayers } from '../game';
import { credentialCheck } from './credentials';
import type { PasswordHasher } from './passwords';
import { createSession, revokeSession } from './repository';
import type { SignInClient } from './sessions';

export interface LoginLimits {
  perAccount: number;
  perIp: number;
  windowSeconds: number;
}

const tooManyAttempts = (minutes: number) =>
  new AppError(429, codes.rateLimited, authMessages.tooManyAttempts(minutes));

export interface AuthDeps {
  db: Db;
  passwords: PasswordHasher;
  /** Who checks a player's password: the game (GAME_API_URL) or the embedded account service. */
  game: { backend: GameBackend; players: Pick<GamePlayers, 'accountOf'> };
  tokens: TokenIssuer;
  failures: FailureCounter;
  sessionCache: SessionCache;
  /** The product's name in its sign-in path and refusal codes. */
  product: string;
  limits: LoginLimits;
  ttlDays: number;
  secondFactor: Pick<SecondFactorService, 'isEnrolled' | 'verify'>;
  /**
   * The phone policy (the phone module's, decision record 057): refuses a player whose phone is not
   * verified when PHONE_VERIFICATION_REQUIRED names the gate: `play` for the game client's sign-in
   * (its deviceId starts with `game:`), `sign-in` for every other.
   */
  requirePhone: (userId: string, gate: 'play' | 'sign-in') => Promise<void>;
  /** Told of every new session (the new-device watch of staff sign-ins). */
  noteSignIn: (user: LoginResult['user'], sessionId: string, client: SignInClient, madeAt: Date) => Promise<void>;
}

export function createAuthService(deps: AuthDeps) {
  const { db, passwords, game, tokens, failures, sessionCache, product, limits, ttlDays, secondFactor } = deps;
  const productCodes = productAuthCodes(product);
  const verifyCredentials = credentialCheck({ db, passwords, game, product });
  /**
   * One refusal for an unknown username and a wrong password (decision record 040): the same status,
   * code, message and field, after the same work, so sign-in is no way to learn who has an account.
   */
  const refused = () =>
    new AppError(400, productCodes.passwordInvalid, authMessages.wrongPassword, {
      password: [authMessages.wrongPassword],
    });
  const unverified = () =>
    new AppError(400, productCodes.unactivated, authMessages.unverified, { username: [authMessages.unverified] });
  const banned = () => new AppError(403, productCodes.banned, gameMessages.banned, { username: [gameMessages.banned] });

  /** `secondFactorAt`: the sign-in entered a second-factor code (a social sign-in never does). */
  async function issueSession(
    user: LoginResult['user'],
    deviceId: string | null,
    client: SignInClient,
    secondFactorAt: Date | null = null,
  ): Promise<LoginResult> {
    if (user.role === 'player') {
      await deps.requirePhone(user.id, deviceId?.startsWith(GAME_DEVICE_PREFIX) ? 'play' : 'sign-in');
    }
    const expiresAt = new Date(Date.now() + ttlDays * 86_400_000);
    const session = await createSession(db, { userId: user.id, deviceId, ...client, expiresAt, secondFactorAt });
    await deps.noteSignIn(user, session.id, client, session.createdAt);
    return { accessToken: await tokens.sign(session.id, user.id), user };
  }

  /**
   * Failures are counted per (username, IP) and per IP, in a window. A player's own device keeps
   * working while an attacker elsewhere guesses their password, and nothing locks anyone out for
   * longer than the window. Each attempt is reserved (counted) before the password is checked, so
   * concurrent guesses can never be evaluated more often than the limit allows; an attempt that
   * does not fail gives its reservation back. Unknown usernames are counted and answered the same
   * way. Whether the account is verified or staff is told only after its password is right.
   */
  async function checkPassword(
    body: Pick<ProductLoginBody, 'username' | 'password'> & { deviceId?: string | null },
    ip: string,
  ): Promise<LoginResult['user']> {
    const accountKey = `login:acct:${body.username.toLowerCase()}:${ip}`;
    const ipKey = `login:ip:${ip}`;
    const release = () => Promise.all([failures.release(accountKey), failures.release(ipKey)]);
    const [accountAttempts, ipAttempts] = await Promise.all([
      failures.hit(accountKey, limits.windowSeconds),
      failures.hit(ipKey, limits.windowSeconds),
    ]);
    if (accountAttempts > limits.perAccount || ipAttempts > limits.perIp) {
      await release();
      throw tooManyAttempts(Math.ceil(limits.windowSeconds / 60));
    }

    let verified: Awaited<ReturnType<typeof verifyCredentials>>;
    try {
      verified = await verifyCredentials(body);
    } catch (error) {
      if (!(error instanceof GameUnavailableError)) throw error;
      // Not the player's failure: the attempt is given back.
      await release();
      throw gameUnavailable();
    }
    if (verified === 'refused') throw refused();
    // The password was right: not a failure.
    await release();
    if (verified === 'unverified') throw unverified();
    if (verified === 'banned') throw banned();
    await failures.clear(accountKey);
    return verified;
  }

  return {
    issueSession,
    checkPassword,

    /**
     * A staff account with a second factor answers 428 `api.auth.second_factor_required` and no token
     * until the same call carries `otp` (its 6 digits or a recovery code); decision record 029.
     */
    async loginWithPassword(body: ProductLoginBody, client: SignInClient & { address: string }): Promise<LoginResult> {
      const user = await checkPassword(body, client.address);
      if (!isStaff(user.role) || !(await secondFactor.isEnrolled(user.id))) {
        return issueSession(user, body.deviceId, client);
      }
      if (!body.otp) {
        throw new AppError(428, secondFactorCodes.required, secondFactorMessages.required, {
          otp: [secondFactorMessages.required],
        });
      }
      await secondFactor.verify(user.id, body.otp);
      return issueSession(user, body.deviceId, client, new Date());
    },

    async logout(sessionId: string) {
      await revokeSession(db, sessionId);
      await sessionCache.evictSession(sessionId);
    },
  };
}
