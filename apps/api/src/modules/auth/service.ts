import { codes, productAuthCodes, type LoginResult, type ProductLoginBody } from '@carabala/contracts';
import { verify } from '@node-rs/argon2';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../plugins/errors';
import { createSession, findUserByUsername, revokeSession } from './repository';

export interface LoginLimits {
  perAccount: number;
  perIp: number;
  windowSeconds: number;
}

const tooManyAttempts = (minutes: number) =>
  new AppError(429, codes.rateLimited, `Bạn đã đăng nhập sai quá nhiều lần. Vui lòng thử lại sau ${minutes} phút.`);

export function createAuthService(app: FastifyInstance, product: string, limits: LoginLimits, ttlDays: number) {
  const productCodes = productAuthCodes(product);

  async function issueSession(user: LoginResult['user'], deviceId: string | null): Promise<LoginResult> {
    const expiresAt = new Date(Date.now() + ttlDays * 86_400_000);
    const sessionId = await createSession(app.db, user.id, deviceId, expiresAt);
    return { accessToken: await app.tokens.sign(sessionId, user.id), user };
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
    const release = () => Promise.all([app.failures.release(accountKey), app.failures.release(ipKey)]);
    const [accountAttempts, ipAttempts] = await Promise.all([
      app.failures.hit(accountKey, limits.windowSeconds),
      app.failures.hit(ipKey, limits.windowSeconds),
    ]);
    if (accountAttempts > limits.perAccount || ipAttempts > limits.perIp) {
      await release();
      throw tooManyAttempts(Math.ceil(limits.windowSeconds / 60));
    }

    const found = await findUserByUsername(app.db, body.username);
    if (!found || !found.passwordHash) {
      throw new AppError(400, codes.linkNotFound, 'Username không tồn tại', { username: ['Username không tồn tại'] });
    }
    if (!(await verify(found.passwordHash, body.password))) {
      throw new AppError(400, productCodes.passwordInvalid, 'Mật khẩu không chính xác', {
        password: ['Mật khẩu không chính xác'],
      });
    }
    await release();
    if (!found.emailVerifiedAt) {
      throw new AppError(400, productCodes.unactivated, 'Tài khoản này chưa được xác minh email', {
        username: ['Tài khoản này chưa được xác minh email'],
      });
    }
    await app.failures.clear(accountKey);
    const { passwordHash: _hash, emailVerifiedAt: _verified, ...user } = found;
    return user;
  }

  return {
    issueSession,
    checkPassword,

    async loginWithPassword(body: ProductLoginBody, ip: string): Promise<LoginResult> {
      return issueSession(await checkPassword(body, ip), body.deviceId);
    },

    async logout(sessionId: string) {
      await revokeSession(app.db, sessionId);
      await app.sessionCache.evictSession(sessionId);
    },
  };
}
