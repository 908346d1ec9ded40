import type { Role } from '@carabala/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { SignJWT, jwtVerify } from 'jose';
import { findSessionUser } from '../modules/auth/repository';
import { forbidden, unauthorized } from './errors';

export interface AuthUser {
  id: string;
  shortId: string;
  displayName: string;
  avatar: string | null;
  role: Role;
  sessionId: string;
}

export interface TokenIssuer {
  sign(sessionId: string, userId: string): Promise<string>;
}

declare module 'fastify' {
  interface FastifyInstance {
    tokens: TokenIssuer;
    /** preHandler: a signed-in user is required (401 otherwise). */
    requireUser: (request: FastifyRequest) => Promise<void>;
    /** preHandler: a staff member or admin is required (401 / 403 otherwise). */
    requireStaff: (request: FastifyRequest) => Promise<void>;
    /** preHandler: an admin is required (401 / 403 otherwise). */
    requireAdmin: (request: FastifyRequest) => Promise<void>;
    /** preHandler: reads the user when a valid token is present, else leaves it null. */
    optionalUser: (request: FastifyRequest) => Promise<void>;
  }
  interface FastifyRequest {
    user: AuthUser | null;
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export const authPlugin = fp(async (app: FastifyInstance, options: { secret: string; ttlDays: number }) => {
  const key = new TextEncoder().encode(options.secret);

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

  async function readUser(request: FastifyRequest): Promise<AuthUser | null> {
    const header = request.headers.authorization;
    if (!header?.startsWith('Bearer ')) return null;
    try {
      const { payload } = await jwtVerify(header.slice(7), key, { algorithms: ['HS256'] });
      if (typeof payload.sid !== 'string' || !UUID.test(payload.sid)) return null;
      const user = await findSessionUser(app.db, payload.sid);
      if (!user || user.id !== payload.sub) return null;
      return { ...user, sessionId: payload.sid };
    } catch {
      return null;
    }
  }

  const requireUser = async (request: FastifyRequest) => {
    request.user = await readUser(request);
    if (!request.user) throw unauthorized();
  };
  const requireRole = (roles: Role[]) => async (request: FastifyRequest) => {
    await requireUser(request);
    if (!roles.includes(request.user!.role)) throw forbidden();
  };

  app.decorate('requireUser', requireUser);
  app.decorate('requireStaff', requireRole(['staff', 'admin']));
  app.decorate('requireAdmin', requireRole(['admin']));
  app.decorate('optionalUser', async (request: FastifyRequest) => {
    request.user = await readUser(request);
  });
});
