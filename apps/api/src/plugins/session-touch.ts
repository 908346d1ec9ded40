import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';

/** Records the last use and address of sessions (the auth module's, handed to the auth plugin by the app). */
export type TouchSessions = (db: Db, touches: { sessionId: string; address: string }[]) => Promise<unknown>;

const TOUCH_EVERY_MS = 60_000;
const REMEMBERED = 50_000;
/** The touches due within this time go to the database together, in one statement. */
const BATCH_MS = 100;

/**
 * Moves a session's "last seen" and address at most once a minute per session and process, off the
 * request's path (not awaited): a signed-in call stays one map read (bench/api.mjs, /api/me). The
 * client address is read (from the proxy headers) only when a write is due. The writes due within
 * BATCH_MS go in one statement: a burst of new sessions (an announcement) costs the database one
 * statement a tenth of a second, not one per session.
 */
export function sessionToucher(db: Db, log: FastifyBaseLogger, touchSessions: TouchSessions) {
  const touchedAt = new Map<string, number>();
  let due = new Map<string, string>();
  const flush = () => {
    const touches = [...due].map(([sessionId, address]) => ({ sessionId, address }));
    due = new Map();
    touchSessions(db, touches).catch((error: unknown) =>
      log.warn({ err: error, sessions: touches.length }, 'could not record the last use of sessions'),
    );
  };
  return (sessionId: string, request: FastifyRequest) => {
    const now = Date.now();
    const last = touchedAt.get(sessionId);
    if (last !== undefined && now - last < TOUCH_EVERY_MS) return;
    if (last === undefined && touchedAt.size >= REMEMBERED) touchedAt.delete(touchedAt.keys().next().value!);
    touchedAt.set(sessionId, now);
    if (due.size === 0) setTimeout(flush, BATCH_MS).unref();
    due.set(sessionId, request.ip);
  };
}
