import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';

/** Records a session's last use and address (the auth module's, handed to the auth plugin by the app). */
export type TouchSession = (db: Db, sessionId: string, address: string) => Promise<unknown>;

const TOUCH_EVERY_MS = 60_000;
const REMEMBERED = 50_000;

/**
 * Moves a session's "last seen" and address at most once a minute per session and process, off the
 * request's path (not awaited): a signed-in call stays one map read (bench/api.mjs, /api/me). The
 * client address is read (from the proxy headers) only when a write is due.
 */
export function sessionToucher(db: Db, log: FastifyBaseLogger, touchSession: TouchSession) {
  const touchedAt = new Map<string, number>();
  return (sessionId: string, request: FastifyRequest) => {
    const now = Date.now();
    const last = touchedAt.get(sessionId);
    if (last !== undefined && now - last < TOUCH_EVERY_MS) return;
    if (last === undefined && touchedAt.size >= REMEMBERED) touchedAt.delete(touchedAt.keys().next().value!);
    touchedAt.set(sessionId, now);
    touchSession(db, sessionId, request.ip).catch((error: unknown) =>
      log.warn({ err: error }, 'could not record the last use of a session'),
    );
  };
}
