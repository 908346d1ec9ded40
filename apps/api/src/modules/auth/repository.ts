import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { preparedOnce } from '../../db/rows';
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

export interface NewSession {
  userId: string;
  deviceId: string | null;
  userAgent: string | null;
  address: string | null;
  expiresAt: Date;
  /** The sign-in entered a second-factor code (decision record 029); null or left out if not. */
  secondFactorAt?: Date | null;
}

export function createSession(db: Db, session: NewSession) {
  return db
    .insert(sessions)
    .values(session)
    .returning({ id: sessions.id, createdAt: sessions.createdAt })
    .then((rows) => rows[0]!);
}

const sessionUserStatement = preparedOnce((db: Db) =>
  db
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
    .prepare('find_session_user'),
);

/** The user of a live (not revoked, not expired) session, in one prepared query: it runs on every call. */
export async function findSessionUser(db: Db, sessionId: string) {
  const rows = await sessionUserStatement(db).execute({ sessionId });
  return rows[0];
}

export async function revokeSession(db: Db, sessionId: string) {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}
