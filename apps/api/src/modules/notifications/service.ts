import type { PlayerNotification } from '@carabala/contracts';
import type { Db } from '../../db/client';
import { answeredTicketsSince, heldPaymentsSince, paidOrdersSince } from './repository';

const LOOKBACK_MS = 30 * 86_400_000;

/** What changed for the player since `since` (never more than 30 days back), newest first. */
export async function notificationsSince(db: Db, userId: string, since: Date): Promise<PlayerNotification[]> {
  const from = new Date(Math.max(since.getTime(), Date.now() - LOOKBACK_MS));
  const [paid, held, answered] = await Promise.all([
    paidOrdersSince(db, userId, from),
    heldPaymentsSince(db, userId, from),
    answeredTicketsSince(db, userId, from),
  ]);
  const at = (value: Date | string | null) => new Date(value ?? 0).toISOString();
  return [
    ...paid.map((row) => ({
      kind: 'order.paid' as const,
      targetId: row.id,
      productId: row.productId,
      title: row.title,
      at: at(row.at),
    })),
    ...held.map((row) => ({
      kind: 'order.held' as const,
      targetId: row.id,
      productId: row.productId,
      title: row.title,
      at: at(row.at),
    })),
    ...answered.map((row) => ({
      kind: 'ticket.answered' as const,
      targetId: row.id,
      productId: null,
      title: row.title,
      at: at(row.at),
    })),
  ].sort((a, b) => b.at.localeCompare(a.at));
}
