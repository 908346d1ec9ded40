import {
  codes,
  productAuthCodes,
  secondFactorCodes,
  secondFactorMessages,
  type LoginResult,
  type ProductLoginBody,
} from '@carabala/contracts';
import { verify } from '@node-rs/argon2';
import type { Db, FailureCounter, SessionCache, TokenIssuer } from '../../lib/deps';
import { AppError } from '../../plugins/errors';
import { isStaffRole, type SecondFactorService } from '../second-factor';
import { authMessages } from './messages';
import { createSession, findUserByUsername, revokeSession } from './repository';

export interface LoginLimits {
  perAccount: number;
  perIp: number;
  windowSeconds: number;
}

const tooManyAttempts = (minutes: number) =>
  new AppError(429, codes.rateLimited, authMessages.tooManyAttempts(minutes));

export interface AuthDeps {
  db: Db;
  tokens: TokenIssuer;
  failures: FailureCounter;
  sessionCache: SessionCache;
  /** The product's name in its sign-in path and refusal codes. */
  product: string;
  limits: LoginLimits;
  ttlDays: number;
  secondFactor: Pick<SecondFactorService, 'isEnrolled' | 'verify'>;
}

export function createAuthService({
  db,
  tokens,
  failures,
  sessionCache,
  product,
  limits,
  ttlDays,
  secondFactor,
}: AuthDeps) {
  const productCodes = productAuthCodes(product);

  /** `secondFactorAt`: the sign-in entered a second-factor code (a social sign-in never does). */
  async function issueSession(
    user: LoginResult['user'],
    deviceId: string | null,
    secondFactorAt: Date | null = null,
  ): Promise<LoginResult> {
    const expiresAt = new Date(Date.now() + ttlDays * 86_400_000);
    const sessionId = await createSession(db, user.id, deviceId, expiresAt, secondFactorAt);
    return { accessToken: await tokens.sign(sessionId, user.id), user };
  }

  /**
   * Failures are counted per (username, IP) and per IP, in a window. A player's own device keeps
   * working while an attacker elsewhere guesses their password, and nothing locks anyone out for
   * longer than the window. Each attempt is reserved (counted) before the password is checked, so
   * concurrent guesses can never be evaluated more often than the limit allows; an attempt that
   * does not fail gives its reservation back. Unknown usernames are counted the same way, so the
   * 'Username không tồn tại' answer is no free oracle.
   */
  async function checkPassword(
    body: Pick<ProductLoginBody, 'username' | 'password'>,
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

    const found = await findUserByUsername(db, body.username);
    if (!found || !found.passwordHash) {
      throw new AppError(400, codes.linkNotFound, authMessages.unknownUsername, {
        username: [authMessages.unknownUsername],
      });
    }
    if (!(await verify(found.passwordHash, body.password))) {
      throw new AppError(400, productCodes.passwordInvalid, authMessages.wrongPassword, {
        password: [authMessages.wrongPassword],
      });
    }
    await release();
    if (!found.emailVerifiedAt) {
      throw new AppError(400, productCodes.unactivated, authMessages.unverified, {
        username: [authMessages.unverified],
      });
    }
    await failures.clear(accountKey);
    const { passwordHash: _hash, emailVerifiedAt: _verified, ...user } = found;
    return user;
  }

  return {
    issueSession,
    checkPassword,

    /**
     * A staff account with a second factor answers 428 `api.auth.second_factor_required` and no token
     * until the same call carries `otp` (its 6 digits or a recovery code); decision record 029.
     */
    async loginWithPassword(body: ProductLoginBody, ip: string): Promise<LoginResult> {
      const user = await checkPassword(body, ip);
      if (!isStaffRole(user.role) || !(await secondFactor.isEnrolled(user.id))) {
        return issueSession(user, body.deviceId);
      }
      if (!body.otp) {
        throw new AppError(428, secondFactorCodes.required, secondFactorMessages.required, {
          otp: [secondFactorMessages.required],
        });
      }
      await secondFactor.verify(user.id, body.otp);
      return issueSession(user, body.deviceId, new Date());
    },

    async logout(sessionId: string) {
      await revokeSession(db, sessionId);
      await sessionCache.evictSession(sessionId);
    },
  };
}
