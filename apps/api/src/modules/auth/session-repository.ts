import { and, desc, eq, gt, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { sessions } from '../../db/schema';

const live = and(isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`));

/** The live sessions of a user, the most recently used first. */
export function findLiveSessions(db: Db, userId: string) {
  return db
    .select({
      id: sessions.id,
      userAgent: sessions.userAgent,
      address: sessions.address,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), live))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt));
}

/** The latest sign-in of a user (any session, ended or not); null when they never signed in. */
export async function lastSignInOf(db: Db, userId: string): Promise<Date | null> {
  const [row] = await db
    .select({ at: sql<Date | string | null>`max(${sessions.createdAt})` })
    .from(sessions)
    .where(eq(sessions.userId, userId));
  return row?.at ? new Date(row.at) : null;
}

/** Ends one live session of this user; undefined when there is none with that id. */
export async function revokeSessionOf(db: Db | Tx, userId: string, sessionId: string) {
  const [row] = await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), live))
    .returning({ id: sessions.id, userAgent: sessions.userAgent });
  return row;
}

/** Ends every live session of a user (in the caller's transaction when given); answers how many. */
export async function revokeSessionsOf(db: Db | Tx, userId: string): Promise<number> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.userId, userId), live))
    .returning({ id: sessions.id });
  return rows.length;
}

/** The session entered a second-factor code now (sign-in or step-up; decision record 029). */
export async function markSessionVerified(db: Db | Tx, sessionId: string) {
  await db
    .update(sessions)
    .set({ secondFactorAt: sql`now()` })
    .where(eq(sessions.id, sessionId));
}

/** The session's last code stops counting for step-up (it still counts as the session's sign-in code). */
export async function endStepUp(db: Db, sessionId: string, minutes: number) {
  await db
    .update(sessions)
    .set({ secondFactorAt: sql`least(${sessions.secondFactorAt}, now() - make_interval(mins => ${minutes}))` })
    .where(and(eq(sessions.id, sessionId), isNotNull(sessions.secondFactorAt)));
}

/** The latest sign-in of the user before a moment: with the same User-Agent, and any at all. */
export async function earlierSignIns(db: Db, userId: string, before: Date, userAgent: string | null) {
  const [row] = await db
    .select({
      sameDevice: sql<Date | null>`max(${sessions.createdAt}) filter (where ${sessions.userAgent} is not distinct from ${userAgent})`,
      any: sql<Date | null>`max(${sessions.createdAt})`,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), lt(sessions.createdAt, before)));
  const at = (value: Date | string | null | undefined) => (value ? new Date(value) : null);
  return { sameDevice: at(row?.sameDevice), any: at(row?.any) };
}

/** The sign-in time and User-Agent of one session. */
export async function findSession(db: Db, sessionId: string) {
  const [row] = await db
    .select({ createdAt: sessions.createdAt, userAgent: sessions.userAgent })
    .from(sessions)
    .where(eq(sessions.id, sessionId))
    .limit(1);
  return row;
}

/**
 * Moves the last use and address of several sessions in one statement. The condition keeps it to one
 * write a minute per session even when several API processes touch the same session.
 */
export async function touchSessions(db: Db, touches: { sessionId: string; address: string }[]) {
  if (touches.length === 0) return;
  await db.execute(sql`
    UPDATE sessions SET last_seen_at = now(), address = touched.address
    FROM jsonb_to_recordset(${JSON.stringify(touches)}::jsonb) AS touched("sessionId" uuid, address text)
    WHERE sessions.id = touched."sessionId" AND sessions.last_seen_at < now() - interval '50 seconds'`);
}

/** A live (not revoked, not expired) session by its id: whose, its device and its end; undefined otherwise. */
export async function findLiveSession(db: Db, sessionId: string) {
  const [row] = await db
    .select({ userId: sessions.userId, deviceId: sessions.deviceId, expiresAt: sessions.expiresAt })
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), live))
    .limit(1);
  return row;
}
