import { notificationHeldReasons, type PlayerNotification } from '@carabala/contracts';

const LOOKBACK_MS = 30 * 86_400_000;

interface Event {
  id: string;
  title: string;
  at: Date | string | null;
}

type HeldReason = (typeof notificationHeldReasons)[number];

/** Each kind of news for a player, read from the module that owns it, and the player's "seen" clock. */
export interface NotificationsDeps {
  paidOrdersSince: (userId: string, since: Date) => Promise<(Event & { productId: number; giftTo: string | null })[]>;
  heldPaymentsSince: (
    userId: string,
    since: Date,
  ) => Promise<(Event & { productId: number; match: string; heldAmount: number })[]>;
  answeredTicketsSince: (userId: string, since: Date) => Promise<Event[]>;
  /** When the player last saw their notifications (kept on the account: every device agrees). */
  seenAt: (userId: string) => Promise<Date | undefined>;
  /** The player saw them now; answers the new time. */
  markSeen: (userId: string) => Promise<Date | undefined>;
}

export function createNotificationsService(deps: NotificationsDeps) {
  return {
    /** What changed since the player last saw their notifications. */
    unseen: async (userId: string) => notificationsSince(deps, userId, (await deps.seenAt(userId)) ?? new Date()),
    markSeen: async (userId: string) => ({ seenAt: ((await deps.markSeen(userId)) ?? new Date()).toISOString() }),
  };
}

const heldReason = (match: string): HeldReason =>
  (notificationHeldReasons as readonly string[]).includes(match) ? (match as HeldReason) : 'late';

/**
 * What changed for the player since `since` (never more than 30 days back), newest first. An
 * over-payment that came with the payment is told once, on the paid order (with its surplus), not as a
 * second "held" notification beside it.
 */
async function notificationsSince(deps: NotificationsDeps, userId: string, since: Date): Promise<PlayerNotification[]> {
  const from = new Date(Math.max(since.getTime(), Date.now() - LOOKBACK_MS));
  const [paid, held, answered] = await Promise.all([
    deps.paidOrdersSince(userId, from),
    deps.heldPaymentsSince(userId, from),
    deps.answeredTicketsSince(userId, from),
  ]);
  const at = (value: Date | string | null) => new Date(value ?? 0).toISOString();
  const paidIds = new Set(paid.map((row) => row.id));
  const surplus = new Map(
    held.filter((row) => row.match === 'overpaid' && paidIds.has(row.id)).map((row) => [row.id, row.heldAmount]),
  );
  return [
    ...paid.map((row) => ({
      kind: 'order.paid' as const,
      targetId: row.id,
      productId: row.productId,
      title: row.title,
      giftTo: row.giftTo,
      held: surplus.has(row.id) ? { reason: 'overpaid' as const, amount: surplus.get(row.id)! } : null,
      at: at(row.at),
    })),
    ...held
      .filter((row) => !surplus.has(row.id))
      .map((row) => ({
        kind: 'order.held' as const,
        targetId: row.id,
        productId: row.productId,
        title: row.title,
        giftTo: null,
        held: { reason: heldReason(row.match), amount: row.heldAmount },
        at: at(row.at),
      })),
    ...answered.map((row) => ({
      kind: 'ticket.answered' as const,
      targetId: row.id,
      productId: null,
      title: row.title,
      giftTo: null,
      held: null,
      at: at(row.at),
    })),
  ].sort((a, b) => b.at.localeCompare(a.at));
}
