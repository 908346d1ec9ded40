import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bankFeedState } from '../../db/schema';

const FEED = 1;

/**
 * Takes the pull for `leaseSeconds` unless another run holds it; returns the cursor, or undefined
 * when another run is in progress.
 */
export async function claimFeedPull(db: Db, leaseSeconds: number): Promise<{ sinceId: string | null } | undefined> {
  await db.insert(bankFeedState).values({ id: FEED }).onConflictDoNothing();
  const [row] = await db
    .update(bankFeedState)
    .set({ leaseUntil: sql`now() + make_interval(secs => ${leaseSeconds})`, lastStartedAt: sql`now()` })
    .where(
      and(eq(bankFeedState.id, FEED), or(isNull(bankFeedState.leaseUntil), lt(bankFeedState.leaseUntil, sql`now()`))),
    )
    .returning({ sinceId: bankFeedState.sinceId });
  return row;
}

/** Moves the cursor past transfers that are stored (a page at a time), and extends the lease. */
export async function advanceFeedCursor(db: Db, sinceId: string, leaseSeconds: number): Promise<void> {
  await db
    .update(bankFeedState)
    .set({ sinceId, leaseUntil: sql`now() + make_interval(secs => ${leaseSeconds})` })
    .where(eq(bankFeedState.id, FEED));
}

export async function finishFeedPull(
  db: Db,
  result: { seen: number; recorded: number; error: string | null },
): Promise<void> {
  await db
    .update(bankFeedState)
    .set({
      leaseUntil: null,
      lastFinishedAt: sql`now()`,
      lastSeen: result.seen,
      lastRecorded: result.recorded,
      lastError: result.error,
      ...(result.error === null ? { lastSucceededAt: sql`now()` } : {}),
    })
    .where(eq(bankFeedState.id, FEED));
}

export async function findFeedState(db: Db) {
  const [row] = await db.select().from(bankFeedState).where(eq(bankFeedState.id, FEED)).limit(1);
  return row;
}
