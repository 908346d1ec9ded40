import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sessions, users } from '../../db/schema';

export const sessionUserColumns = {
  id: users.id,
  shortId: users.shortId,
  displayName: users.displayName,
  avatar: users.avatar,
  role: users.role,
};

export function findUserByUsername(db: Db, username: string) {
  return db
    .select({ ...sessionUserColumns, passwordHash: users.passwordHash, emailVerifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`)
    .limit(1)
    .then((rows) => rows[0]);
}

/** `secondFactorAt`: the sign-in entered a second-factor code (decision record 029). */
export function createSession(
  db: Db,
  userId: string,
  deviceId: string | null,
  expiresAt: Date,
  secondFactorAt: Date | null = null,
) {
  return db
    .insert(sessions)
    .values({ userId, deviceId, expiresAt, secondFactorAt })
    .returning({ id: sessions.id })
    .then((rows) => rows[0]!.id);
}

function prepareSessionUser(db: Db) {
  return db
    .select({ user: sessionUserColumns, expiresAt: sessions.expiresAt, secondFactorAt: sessions.secondFactorAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, sql.placeholder('sessionId')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
      ),
    )
    .limit(1)
    .prepare('find_session_user');
}
const preparedSessionUser = new WeakMap<Db, ReturnType<typeof prepareSessionUser>>();

/** The user of a live (not revoked, not expired) session, in one prepared query: it runs on every call. */
export async function findSessionUser(db: Db, sessionId: string) {
  let statement = preparedSessionUser.get(db);
  if (!statement) {
    statement = prepareSessionUser(db);
    preparedSessionUser.set(db, statement);
  }
  const rows = await statement.execute({ sessionId });
  return rows[0];
}

export async function revokeSession(db: Db, sessionId: string) {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}
