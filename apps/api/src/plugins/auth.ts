import { STEP_UP_MINUTES, secondFactorCodes, secondFactorMessages } from '@carabala/contracts';
import { can, type Permission, type Role } from '@carabala/contracts/permissions';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { SignJWT, jwtVerify } from 'jose';
import { BoundedMap, textBytes } from '../lib/bounded-map';
import { hookList } from '../lib/hooks';
import type { Db } from '../db/client';
import { AppError, forbidden, unauthorized, unavailable } from './errors';
import { sessionToucher, type TouchSessions } from './session-touch';

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
  /** The session and user a token names when its signature and expiry hold (not whether the session lives); null otherwise. */
  read(token: string): Promise<{ sessionId: string; userId: string } | null>;
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
    /**
     * onRequest hook of a staff route: a user whose role holds the permission in the one table
     * (`@carabala/contracts/permissions`) is required (401 / 403 otherwise). One hook per permission,
     * carrying it, so the docs read each route's permission from its hook.
     */
    requirePermission: (permission: Permission) => PermissionHook;
    /** onRequest hook: reads the user when a valid token is present, else leaves it null. */
    optionalUser: AccessHook;
    /** preValidation hook after requirePermission: a code entered in the last minutes (428 otherwise). */
    requireStepUp: AccessHook;
  }
  interface FastifyRequest {
    user: AuthUser | null;
  }
  interface FastifyContextConfig {
    /** Whether the route needs a recent code: every staff write route says so (decision record 029). */
    stepUp?: StepUp;
  }
}

/**
 * A route's step-up declaration: `true` (a code entered in the last minutes, 428 otherwise) or an
 * exemption with the reason, for developers, why the call changes nothing a player receives or pays
 * and grants no power. Every POST/PUT/PATCH/DELETE behind a permission must carry one.
 */
export type StepUp = true | { exempt: string };

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** A callback onRequest hook: it calls `done` at once when the caches answer, later when it must read. */
export type AccessHook = (request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void) => void;
export type PermissionHook = AccessHook & { readonly permission: Permission };

/**
 * A staff session that has not entered a code: 428, not 401/403, because the web signs out on those and
 * should ask for the code instead (decision record 029).
 */
const secondFactorRequired = () => new AppError(428, secondFactorCodes.required, secondFactorMessages.required);

/** The Redis channel on which every API process hears `session:<id>`, `user:<id>` and `all:` evictions. */
export const EVICT_CHANNEL = 'session-evict';
const EVICT_ALL = 'all:';
/** Each of the two caches below holds at most this many entries and this many bytes. */
const CACHE_LIMIT = 50_000;
const CACHE_BYTES = 16 * 1024 * 1024;
/**
 * How long a session read from the database may still be served from the cache when the database
 * cannot be read (stale-if-error, decision 025): a database restart does not sign players out.
 */
export const STALE_SESSION_MS = 5 * 60_000;

interface CachedSession {
  user: AuthUser;
  /** Served without reading the database until then. */
  until: number;
  /** Served when the database cannot be read until then. */
  staleUntil: number;
}

const sessionBytes = (key: string, { user }: CachedSession) =>
  textBytes(key, user.id, user.shortId, user.displayName, user.avatar, user.role, user.sessionId);

/** A live session's user, as the auth module reads it; undefined when the session is gone or expired. */
export type FindSessionUser = (
  db: Db,
  sessionId: string,
) => Promise<
  { user: Omit<AuthUser, 'sessionId' | 'secondFactorAt'>; secondFactorAt: Date | null; expiresAt: Date } | undefined
>;

/** The reads and writes of sessions the plugin needs: the auth module's, handed in by the app. */
export interface SessionStore {
  findSessionUser: FindSessionUser;
  touchSessions: TouchSessions;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The refusal of a session whose second-factor code is older than STEP_UP_MINUTES (428), or nothing. */
function stepUpRefusal(user: AuthUser | null | undefined): AppError | undefined {
  const at = user?.secondFactorAt;
  return at && at.getTime() > Date.now() - STEP_UP_MINUTES * 60_000
    ? undefined
    : new AppError(428, secondFactorCodes.stepUpRequired, secondFactorMessages.stepUpRequired);
}

export const authPlugin = fp(
  async (
    app: FastifyInstance,
    options: { key: Uint8Array; ttlDays: number; cacheSeconds: number; sessions: SessionStore },
  ) => {
    // Imported once: jose imports a raw key again on every call, which doubled the cost of a check
    // (219 against 109 µs of CPU a check, measured alone; each claim of the launch mix brings a new token).
    const key = await crypto.subtle.importKey('raw', options.key, { name: 'HMAC', hash: 'SHA-256' }, false, [
      'sign',
      'verify',
    ]);
    const { findSessionUser, touchSessions } = options.sessions;

    /**
     * Live sessions read in the last few seconds. Every signed-in call would otherwise cost a database
     * round trip; revocation and role changes evict entries explicitly, here and in other processes.
     */
    const cache = new BoundedMap<CachedSession>(CACHE_LIMIT, CACHE_BYTES, sessionBytes);
    const evictLocal = (message: string) => {
      const [kind, id] = message.split(':');
      if (kind === 'session') cache.delete(id!);
      else if (kind === 'user') cache.deleteWhere((entry) => entry.user.id === id);
      else cache.clear();
    };
    const redis = app.redis;
    // An eviction this process could not publish: when Redis returns, every process forgets every session.
    let unpublished = false;
    const publish = async (message: string) => {
      evictLocal(message);
      if (!redis) return;
      const sent = () => redis.client.publish(EVICT_CHANNEL, message).then(() => true);
      if (!(await redis.attempt(sent, () => false))) unpublished = true;
    };
    if (redis) {
      // After a break this process may have missed evictions, and others may have missed its own.
      await redis.subscribe(EVICT_CHANNEL, evictLocal, () => {
        cache.clear();
        if (!unpublished) return;
        unpublished = false;
        void publish(EVICT_ALL);
      });
    }
    app.decorate('sessionCache', {
      evictSession: (sessionId: string) => publish(`session:${sessionId}`),
      evictUser: (userId: string) => publish(`user:${userId}`),
    });

    /** The session's user; throws api.unavailable (503, never a sign-out) when it cannot be read. */
    async function lookUp(request: FastifyRequest, sessionId: string): Promise<AuthUser | null> {
      const now = Date.now();
      const cached = cache.get(sessionId);
      if (cached && cached.until > now) return cached.user;
      let found: Awaited<ReturnType<FindSessionUser>>;
      try {
        found = await findSessionUser(app.db, sessionId);
      } catch (error) {
        if (cached && cached.staleUntil > now) return cached.user;
        request.log.warn({ err: (error as Error).message }, 'session could not be read');
        throw unavailable();
      }
      if (!found) {
        cache.delete(sessionId);
        return null;
      }
      const user = { ...found.user, sessionId, secondFactorAt: found.secondFactorAt };
      if (options.cacheSeconds > 0) {
        const expiresAt = found.expiresAt.getTime();
        cache.set(sessionId, {
          user,
          until: Math.min(now + options.cacheSeconds * 1000, expiresAt),
          staleUntil: Math.min(now + STALE_SESSION_MS, expiresAt),
        });
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
      read: (token: string) => verifyToken(token).catch(() => null),
    });
    app.decorateRequest('user', null);

    /**
     * Tokens whose signature was checked, by their exact text: a signature never changes its verdict,
     * so a repeated token skips the cryptography until it expires. Revocation is the session's business.
     */
    const verifiedTokens = new BoundedMap<{ sessionId: string; userId: string; expiresAt: number }>(
      CACHE_LIMIT,
      CACHE_BYTES,
      (token, { sessionId, userId }) => textBytes(token, sessionId, userId),
    );

    async function verifyToken(token: string) {
      const known = verifiedTokens.get(token);
      if (known && known.expiresAt > Date.now()) return known;
      const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
      if (typeof payload.sid !== 'string' || !UUID.test(payload.sid) || typeof payload.sub !== 'string') return null;
      const verified = { sessionId: payload.sid, userId: payload.sub, expiresAt: (payload.exp ?? 0) * 1000 };
      verifiedTokens.set(token, verified);
      return verified;
    }

    async function readUser(request: FastifyRequest): Promise<AuthUser | null> {
      const header = request.headers.authorization;
      if (!header?.startsWith('Bearer ')) return null;
      // A token that fails its check is no session (401); a session that cannot be read is a 503.
      const token = await verifyToken(header.slice(7)).catch(() => null);
      if (!token) return null;
      const user = await lookUp(request, token.sessionId);
      return user && user.id === token.userId ? user : null;
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
    const touch = sessionToucher(app.db, app.log, touchSessions);
    const withUser = (
      request: FastifyRequest,
      done: (error?: Error) => void,
      check: (user: AuthUser | null) => Error | undefined,
    ) => {
      const known = knownUser(request);
      if (known !== undefined) {
        request.user = known;
        if (known) touch(known.sessionId, request);
        done(check(known));
        return;
      }
      readUser(request).then(
        (user) => {
          request.user = user;
          if (user) touch(user.sessionId, request);
          done(check(user));
        },
        (error: Error) => done(error),
      );
    };
    const signedIn = (user: AuthUser | null) => (user ? undefined : unauthorized());
    const anyone = () => undefined;
    const permissionHooks = new Map<Permission, PermissionHook>();
    const requirePermission = (permission: Permission): PermissionHook => {
      let hook = permissionHooks.get(permission);
      if (!hook) {
        // Every permission is staff work: a staff session that never entered a code is asked for one.
        const check = (user: AuthUser | null) =>
          !user
            ? unauthorized()
            : !can(user.role, permission)
              ? forbidden()
              : user.secondFactorAt
                ? undefined
                : secondFactorRequired();
        const access: AccessHook = (request, _reply, done) => withUser(request, done, check);
        hook = Object.assign(access, { permission });
        permissionHooks.set(permission, hook);
      }
      return hook;
    };

    app.decorate<AccessHook>('requireUser', (request, _reply, done) => withUser(request, done, signedIn));
    app.decorate('requirePermission', requirePermission);
    app.decorate<AccessHook>('optionalUser', (request, _reply, done) => withUser(request, done, anyone));
    const requireStepUp: AccessHook = (request, _reply, done) => done(stepUpRefusal(request.user));
    app.decorate('requireStepUp', requireStepUp);

    // Every route, JSON or Fastify's own, is declared through here: `stepUp: true` gets the check,
    // and a staff write route that declares neither the check nor an exemption does not start.
    app.addHook('onRoute', (route) => {
      const stepUp = route.config?.stepUp;
      if (stepUp === true) {
        route.preValidation = [...hookList(route.preValidation), requireStepUp];
        return;
      }
      const staff = hookList<unknown>(route.onRequest).some((hook) => (hook as Partial<PermissionHook>).permission);
      const writes = hookList(route.method).some((method) => WRITE_METHODS.has(method));
      if (staff && writes && !stepUp?.exempt.trim()) {
        throw new Error(
          `${String(route.method)} ${route.url} changes data behind a permission: declare stepUp: true, ` +
            "or stepUp: { exempt: '<why no player receives or pays anything through it>' } (decision record 029)",
        );
      }
    });
  },
);
