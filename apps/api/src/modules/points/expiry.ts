import type { Db, Logger } from '../../lib/deps';
import { periodicSweep } from '../../lib/repeat';
import { dueExpiry, lockBalance, playersWithDueExpiry, writeEntry } from './repository';

/** How many players one round looks at. */
const BATCH = 200;

/**
 * Writes one player's due expiry (first in, first out), under their balance's lock: the row's source is
 * the player and the last expired row it covers, so a second run, or two workers at once, write it once.
 */
export async function expirePlayerPoints(db: Db, userId: string, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const balance = await lockBalance(tx, userId);
    const due = await dueExpiry(tx, userId, now);
    const amount = Math.min(due.amount, balance);
    if (amount <= 0 || due.last === null) return 0;
    const entry = await writeEntry(tx, {
      userId,
      kind: 'expire',
      sourceId: `${userId}:${due.last}`,
      points: -amount,
      about: null,
    });
    return entry ? amount : 0;
  });
}

/** The worker that writes expired points into the ledger (background.ts), every `intervalMs`. */
export function createPointsExpiry({ db, log, intervalMs = 3_600_000 }: { db: Db; log: Logger; intervalMs?: number }) {
  async function sweep(now = new Date()): Promise<number> {
    let expired = 0;
    const seen = new Set<string>();
    for (;;) {
      const players = (await playersWithDueExpiry(db, now, BATCH)).filter((id) => !seen.has(id));
      if (players.length === 0) break;
      for (const userId of players) {
        seen.add(userId);
        expired += await expirePlayerPoints(db, userId, now);
      }
    }
    if (expired > 0) log.info({ expired }, 'points expired');
    return expired;
  }
  return periodicSweep(sweep, intervalMs, log, 'points expiry failed');
}
