import { and, count, eq, isNotNull, isNull, lt, not, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { recoveryCodes, secondFactors, sessions, users } from '../../db/schema';
import { findOne } from '../../db/rows';

export function findSecondFactor(db: Db | Tx, userId: string) {
  return findOne(db, secondFactors, eq(secondFactors.userId, userId));
}

/** A live session other than `sessionId` holds the account's pending enrolment. */
const heldElsewhere = (sessionId: string) => sql`exists (
  select 1 from ${sessions} where ${sessions.id} = ${secondFactors.pendingSessionId}
    and ${sessions.id} <> ${sessionId} and ${sessions.revokedAt} is null and ${sessions.expiresAt} > now())`;

/**
 * Starts (or restarts) an enrolment owned by `sessionId`, in one statement: an account already
 * enrolled keeps its secret, and an enrolment another live session started is not replaced (of two
 * sessions starting at once, the second finds the first's row). False when nothing was saved.
 */
export async function savePendingSecret(db: Db, userId: string, sessionId: string, sealed: string): Promise<boolean> {
  const rows = await db
    .insert(secondFactors)
    .values({ userId, pendingSecret: sealed, pendingSessionId: sessionId })
    .onConflictDoUpdate({
      target: secondFactors.userId,
      set: { pendingSecret: sealed, pendingSessionId: sessionId },
      setWhere: and(isNull(secondFactors.enabledAt), not(heldElsewhere(sessionId))),
    })
    .returning({ userId: secondFactors.userId });
  return rows.length === 1;
}

/** Turns the pending secret on, once, for the session that started it: false when another confirmation (or a reset) came first. */
export async function enableSecondFactor(
  tx: Tx,
  userId: string,
  sessionId: string,
  pendingSecret: string,
  step: number,
) {
  const rows = await tx
    .update(secondFactors)
    .set({ secret: pendingSecret, pendingSecret: null, pendingSessionId: null, enabledAt: sql`now()`, lastStep: step })
    .where(
      and(
        eq(secondFactors.userId, userId),
        eq(secondFactors.pendingSecret, pendingSecret),
        eq(secondFactors.pendingSessionId, sessionId),
        isNull(secondFactors.enabledAt),
      ),
    )
    .returning({ userId: secondFactors.userId });
  return rows.length === 1;
}

/**
 * Records `step` as used if it is later than the last one, in one statement: of two requests with
 * the same code, PostgreSQL lets exactly one update the row (the other re-reads it and finds the step used).
 */
export async function useStep(db: Db, userId: string, step: number): Promise<boolean> {
  const rows = await db
    .update(secondFactors)
    .set({ lastStep: step })
    .where(
      and(
        eq(secondFactors.userId, userId),
        isNotNull(secondFactors.enabledAt),
        or(isNull(secondFactors.lastStep), lt(secondFactors.lastStep, step)),
      ),
    )
    .returning({ userId: secondFactors.userId });
  return rows.length === 1;
}

/** Uses one unused recovery code with this hash, once (the same row lock argument as useStep). */
export async function useRecoveryCode(db: Db, userId: string, codeHash: string): Promise<boolean> {
  const rows = await db
    .update(recoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, codeHash), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id });
  return rows.length > 0;
}

export async function replaceRecoveryCodes(tx: Tx, userId: string, hashes: string[]) {
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await tx.insert(recoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash })));
}

export async function countRecoveryCodesLeft(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ left: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return row?.left ?? 0;
}

/** Removes the second factor and its recovery codes; false when the account had none. */
export async function deleteSecondFactor(tx: Tx, userId: string): Promise<boolean> {
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  const rows = await tx
    .delete(secondFactors)
    .where(eq(secondFactors.userId, userId))
    .returning({ enabledAt: secondFactors.enabledAt });
  return rows.some((row) => row.enabledAt !== null);
}

export function findAccount(db: Db | Tx, where: { id: string } | { username: string }) {
  return db
    .select({
      id: users.id,
      shortId: users.shortId,
      username: users.username,
      displayName: users.displayName,
      role: users.role,
    })
    .from(users)
    .where('id' in where ? eq(users.id, where.id) : sql`lower(${users.username}) = lower(${where.username})`)
    .limit(1)
    .then((rows) => rows[0]);
}
