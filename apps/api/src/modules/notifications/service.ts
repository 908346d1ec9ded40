import type { PlayerNotification } from '@carabala/contracts';

const LOOKBACK_MS = 30 * 86_400_000;

interface Event {
  id: string;
  title: string;
  at: Date | string | null;
}

/** Each kind of news for a player, read from the module that owns it. */
export interface NotificationsDeps {
  paidOrdersSince: (userId: string, since: Date) => Promise<(Event & { productId: number; giftTo: string | null })[]>;
  heldPaymentsSince: (userId: string, since: Date) => Promise<(Event & { productId: number })[]>;
  answeredTicketsSince: (userId: string, since: Date) => Promise<Event[]>;
}

export function createNotificationsService(deps: NotificationsDeps) {
  return { since: (userId: string, since: Date) => notificationsSince(deps, userId, since) };
}

/** What changed for the player since `since` (never more than 30 days back), newest first. */
async function notificationsSince(deps: NotificationsDeps, userId: string, since: Date): Promise<PlayerNotification[]> {
  const from = new Date(Math.max(since.getTime(), Date.now() - LOOKBACK_MS));
  const [paid, held, answered] = await Promise.all([
    deps.paidOrdersSince(userId, from),
    deps.heldPaymentsSince(userId, from),
    deps.answeredTicketsSince(userId, from),
  ]);
  const at = (value: Date | string | null) => new Date(value ?? 0).toISOString();
  return [
    ...paid.map((row) => ({
      kind: 'order.paid' as const,
      targetId: row.id,
      productId: row.productId,
      title: row.title,
      giftTo: row.giftTo,
      at: at(row.at),
    })),
    ...held.map((row) => ({
      kind: 'order.held' as const,
      targetId: row.id,
      productId: row.productId,
      title: row.title,
      giftTo: null,
      at: at(row.at),
    })),
    ...answered.map((row) => ({
      kind: 'ticket.answered' as const,
      targetId: row.id,
      productId: null,
      title: row.title,
      giftTo: null,
      at: at(row.at),
    })),
  ].sort((a, b) => b.at.localeCompare(a.at));
}
