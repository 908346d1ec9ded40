import { STEP_UP_MINUTES, secondFactorCodes, secondFactorMessages, type Role } from '@carabala/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { SignJWT, jwtVerify } from 'jose';
import { findSessionUser } from '../modules/auth/repository';
import { AppError, forbidden, unauthorized } from './errors';

export interface AuthUser {
  id: string;
  shortId: string;
  displayName: string;
  avatar: string | null;
  role: Role;
  sessionId: string;
  /** When this session last entered a second-factor code; null if never (decision record 029). */
  secondFactorAt: Date | null;
}

export interface TokenIssuer {
  sign(sessionId: string, userId: string): Promise<string>;
}

/** Forgets cached sessions at once, in this process and (through Redis) in every other API process. */
export interface SessionCache {
  evictSession(sessionId: string): Promise<void>;
  evictUser(userId: string): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    tokens: TokenIssuer;
    sessionCache: SessionCache;
    /** onRequest hook: a signed-in user is required (401 otherwise). */
    requireUser: AccessHook;
    /** onRequest hook: a staff member or admin is required (401 / 403 otherwise). */
    requireStaff: AccessHook;
    /** onRequest hook: an admin is required (401 / 403 otherwise). */
    requireAdmin: AccessHook;
    /** onRequest hook: reads the user when a valid token is present, else leaves it null. */
    optionalUser: AccessHook;
    /** preValidation hook after requireStaff / requireAdmin: a code entered in the last minutes (428 otherwise). */
    requireStepUp: AccessHook;
  }
  interface FastifyRequest {
    user: AuthUser | null;
  }
}

/** A callback onRequest hook: it calls `done` at once when the caches answer, later when it must read. */
export type AccessHook = (request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void) => void;

/**
 * A staff session that has not entered a code: 428, not 401/403, because the web signs out on those and
 * should ask for the code instead (decision record 029).
 */
const secondFactorRequired = () => new AppError(428, secondFactorCodes.required, secondFactorMessages.required);

/** The Redis channel on which every API process hears `session:<id>` and `user:<id>` evictions. */
export const EVICT_CHANNEL = 'session-evict';
const CACHE_LIMIT = 50_000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export const authPlugin = fp(
  async (app: FastifyInstance, options: { secret: string; ttlDays: number; cacheSeconds: number }) => {
    const key = new TextEncoder().encode(options.secret);

    /**
     * Live sessions read in the last few seconds. Every signed-in call would otherwise cost a database
     * round trip; revocation and role changes evict entries explicitly, here and in other processes.
     */
    const cache = new Map<string, { user: AuthUser; until: number }>();
    const evictLocal = (message: string) => {
      const [kind, id] = message.split(':');
      if (kind === 'session') cache.delete(id!);
      else for (const [sessionId, entry] of cache) if (entry.user.id === id) cache.delete(sessionId);
    };
    const publish = async (message: string) => {
      evictLocal(message);
      if (app.redis) await app.redis.publish(EVICT_CHANNEL, message);
    };
    if (app.redis) {
      const subscriber = app.redis.duplicate();
      await subscriber.subscribe(EVICT_CHANNEL);
      subscriber.on('message', (_channel: string, message: string) => evictLocal(message));
      app.addHook('onClose', async () => subscriber.disconnect());
    }
    app.decorate('sessionCache', {
      evictSession: (sessionId: string) => publish(`session:${sessionId}`),
      evictUser: (userId: string) => publish(`user:${userId}`),
    });

    async function lookUp(sessionId: string): Promise<AuthUser | null> {
      const now = Date.now();
      const cached = cache.get(sessionId);
      if (cached && cached.until > now) return cached.user;
      const found = await findSessionUser(app.db, sessionId);
      if (!found) {
        cache.delete(sessionId);
        return null;
      }
      const user = { ...found.user, sessionId, secondFactorAt: found.secondFactorAt };
      if (options.cacheSeconds > 0) {
        if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value!);
        cache.set(sessionId, { user, until: Math.min(now + options.cacheSeconds * 1000, found.expiresAt.getTime()) });
      }
      return user;
    }

    app.decorate('tokens', {
      sign: (sessionId: string, userId: string) =>
        new SignJWT({ sid: sessionId })
          .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
          .setSubject(userId)
          .setIssuedAt()
          .setExpirationTime(`${options.ttlDays}d`)
          .sign(key),
    });
    app.decorateRequest('user', null);

    /**
     * Tokens whose signature was checked, by their exact text: a signature never changes its verdict,
     * so a repeated token skips the cryptography until it expires. Revocation is the session's business.
     */
    const verifiedTokens = new Map<string, { sessionId: string; userId: string; expiresAt: number }>();

    async function verifyToken(token: string) {
      const known = verifiedTokens.get(token);
      if (known && known.expiresAt > Date.now()) return known;
      const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
      if (typeof payload.sid !== 'string' || !UUID.test(payload.sid) || typeof payload.sub !== 'string') return null;
      const verified = { sessionId: payload.sid, userId: payload.sub, expiresAt: (payload.exp ?? 0) * 1000 };
      if (verifiedTokens.size >= CACHE_LIMIT) verifiedTokens.delete(verifiedTokens.keys().next().value!);
      verifiedTokens.set(token, verified);
      return verified;
    }

    async function readUser(request: FastifyRequest): Promise<AuthUser | null> {
      const header = request.headers.authorization;
      if (!header?.startsWith('Bearer ')) return null;
      try {
        const token = await verifyToken(header.slice(7));
        if (!token) return null;
        const user = await lookUp(token.sessionId);
        return user && user.id === token.userId ? user : null;
      } catch {
        return null;
      }
    }

    /**
     * The user when both caches answer (a token already verified, a session read in the last seconds),
     * null when there is no bearer token at all, undefined when only readUser can tell. It lets the
     * hooks below answer most signed-in calls without a promise chain of their own.
     */
    function knownUser(request: FastifyRequest): AuthUser | null | undefined {
      const header = request.headers.authorization;
      if (!header?.startsWith('Bearer ')) return null;
      const now = Date.now();
      const token = verifiedTokens.get(header.slice(7));
      if (!token || token.expiresAt <= now) return undefined;
      const session = cache.get(token.sessionId);
      if (!session || session.until <= now || session.user.id !== token.userId) return undefined;
      return session.user;
    }

    /**
     * The user of the request, then `done`: at once (no promise) when both caches answer or when there is
     * no bearer token, after readUser otherwise. `check` refuses (401 / 403) or lets the request on.
     */
    const withUser = (
      request: FastifyRequest,
      done: (error?: Error) => void,
      check: (user: AuthUser | null) => Error | undefined,
    ) => {
      const known = knownUser(request);
      if (known !== undefined) {
        request.user = known;
        done(check(known));
        return;
      }
      readUser(request).then(
        (user) => {
          request.user = user;
          done(check(user));
        },
        (error: Error) => done(error),
      );
    };
    const signedIn = (user: AuthUser | null) => (user ? undefined : unauthorized());
    const withRole = (roles: Role[]) => (user: AuthUser | null) =>
      !user
        ? unauthorized()
        : !roles.includes(user.role)
          ? forbidden()
          : user.secondFactorAt
            ? undefined
            : secondFactorRequired();
    const anyone = () => undefined;
    const staffRoles = withRole(['staff', 'admin']);
    const adminRole = withRole(['admin']);

    app.decorate<AccessHook>('requireUser', (request, _reply, done) => withUser(request, done, signedIn));
    app.decorate<AccessHook>('requireStaff', (request, _reply, done) => withUser(request, done, staffRoles));
    app.decorate<AccessHook>('requireAdmin', (request, _reply, done) => withUser(request, done, adminRole));
    app.decorate<AccessHook>('optionalUser', (request, _reply, done) => withUser(request, done, anyone));
    app.decorate<AccessHook>('requireStepUp', (request, _reply, done) => {
      const at = request.user?.secondFactorAt;
      done(
        at && at.getTime() > Date.now() - STEP_UP_MINUTES * 60_000
          ? undefined
          : new AppError(428, secondFactorCodes.stepUpRequired, secondFactorMessages.stepUpRequired),
      );
    });
  },
);
