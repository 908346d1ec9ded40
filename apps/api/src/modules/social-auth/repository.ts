import { and, count, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accountLinkSteps, identities, usedAuthorizationCodes, users } from '../../db/schema';
import { sessionUserColumns } from '../auth';
import { findOne } from '../../db/rows';

export function findIdentityUser(db: Db, provider: string, subject: string) {
  return db
    .select(sessionUserColumns)
    .from(identities)
    .innerJoin(users, eq(users.id, identities.userId))
    .where(and(eq(identities.provider, provider), eq(identities.subject, subject)))
    .limit(1)
    .then((rows) => rows[0]);
}

/** True when the code had not been presented before; prunes records past any code's lifetime. */
export async function recordUsedCode(db: Db, provider: string, codeHash: string): Promise<boolean> {
  await db.delete(usedAuthorizationCodes).where(lt(usedAuthorizationCodes.usedAt, sql`now() - interval '1 day'`));
  const inserted = await db
    .insert(usedAuthorizationCodes)
    .values({ provider, codeHash })
    .onConflictDoNothing()
    .returning({ codeHash: usedAuthorizationCodes.codeHash });
  return inserted.length === 1;
}

export function listIdentities(db: Db, userId: string) {
  return db
    .select({ provider: identities.provider, subject: identities.subject, linkedAt: identities.linkedAt })
    .from(identities)
    .where(eq(identities.userId, userId))
    .orderBy(identities.provider);
}

/** Inserts the link unless the identity or the account's slot for that provider is taken. */
export async function insertIdentity(db: Db, userId: string, provider: string, subject: string) {
  const inserted = await db
    .insert(identities)
    .values({ userId, provider, subject })
    .onConflictDoNothing()
    .returning({ provider: identities.provider });
  return inserted.length === 1;
}

export function findIdentity(db: Db, provider: string, subject: string) {
  return db
    .select({ userId: identities.userId })
    .from(identities)
    .where(and(eq(identities.provider, provider), eq(identities.subject, subject)))
    .limit(1)
    .then((rows) => rows[0]);
}

/**
 * Whether the account could still sign in after losing this provider: a password (the site's, or the
 * game's for the shadow of a game player: GAME_API_URL) or another link.
 */
export async function hasOtherSignInMethod(db: Db, userId: string, provider: string) {
  const [user] = await db
    .select({ passwordHash: users.passwordHash, gamePlayerId: users.gamePlayerId })
    .from(users)
    .where(eq(users.id, userId));
  if (user?.passwordHash || user?.gamePlayerId) return true;
  const [others] = await db
    .select({ n: count() })
    .from(identities)
    .where(and(eq(identities.userId, userId), sql`${identities.provider} <> ${provider}`));
  return (others?.n ?? 0) > 0;
}

export async function deleteIdentity(db: Db, userId: string, provider: string) {
  const deleted = await db
    .delete(identities)
    .where(and(eq(identities.userId, userId), eq(identities.provider, provider)))
    .returning({ provider: identities.provider });
  return deleted.length === 1;
}

export type LinkStepRow = typeof accountLinkSteps.$inferSelect;

/** Records what a linking step verified; prunes the steps that have expired. */
export async function insertLinkStep(db: Db, row: typeof accountLinkSteps.$inferInsert): Promise<void> {
  if (row.step === 1) await db.delete(accountLinkSteps).where(lt(accountLinkSteps.expiresAt, sql`now()`));
  await db.insert(accountLinkSteps).values(row);
}

const liveStep = (handleHash: string, step: number) =>
  and(
    eq(accountLinkSteps.handleHash, handleHash),
    eq(accountLinkSteps.step, step),
    gt(accountLinkSteps.expiresAt, sql`now()`),
    isNull(accountLinkSteps.usedAt),
  );

/** The live row of that step, or undefined (unknown, another step, expired or used). */
export function findLinkStep(db: Db, handleHash: string, step: number): Promise<LinkStepRow | undefined> {
  return findOne(db, accountLinkSteps, liveStep(handleHash, step));
}

/** Marks the live row of that step used and answers it; undefined when another call used it first. */
export async function useLinkStep(db: Db, handleHash: string, step: number): Promise<LinkStepRow | undefined> {
  const [row] = await db
    .update(accountLinkSteps)
    .set({ usedAt: sql`now()` })
    .where(liveStep(handleHash, step))
    .returning();
  return row;
}
