import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../lib/deps';
import { gameCallsSeen, gameSignInLinks } from '../../db/schema';

/** Notes a key (a call's nonce, a player event's id); false when it was seen already. */
export async function noteCallSeen(db: Db | Tx, key: string): Promise<boolean> {
  const rows = await db
    .insert(gameCallsSeen)
    .values({ key })
    .onConflictDoNothing()
    .returning({ key: gameCallsSeen.key });
  return rows.length > 0;
}

/**
 * Forgets what no longer needs remembering: nonces past twice the replay window (a call that old is
 * stale anyway), player events after `eventDays` (a game that sends one again later applies it again).
 */
export async function purgeCallsSeen(db: Db, windowSeconds: number, eventDays: number): Promise<void> {
  await db.delete(gameCallsSeen).where(
    sql`(${gameCallsSeen.key} like 'nonce:%' and ${gameCallsSeen.seenAt} < now() - make_interval(secs => ${windowSeconds * 2}))
        or ${gameCallsSeen.seenAt} < now() - make_interval(days => ${eventDays})`,
  );
}

export async function insertSignInLink(
  db: Db,
  link: { tokenHash: string; userId: string; path: string; expiresAt: Date },
): Promise<void> {
  await db.insert(gameSignInLinks).values(link);
}

/** Uses a link once: only if it was never used and is not past its expiry, in one statement. */
export async function useSignInLink(db: Db, tokenHash: string) {
  const [row] = await db
    .update(gameSignInLinks)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(gameSignInLinks.tokenHash, tokenHash),
        isNull(gameSignInLinks.usedAt),
        gt(gameSignInLinks.expiresAt, sql`now()`),
      ),
    )
    .returning({ userId: gameSignInLinks.userId, path: gameSignInLinks.path });
  return row;
}

/** Links past their expiry for a day are of no use, even to explain a refusal. */
export async function purgeSignInLinks(db: Db): Promise<void> {
  await db.delete(gameSignInLinks).where(lt(gameSignInLinks.expiresAt, sql`now() - interval '1 day'`));
}
