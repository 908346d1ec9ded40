import {
  notificationHeldReasons,
  type NotificationInbox,
  type PlayerNotification,
} from '@carabala/contracts';

/** How far back the "what changed" toast reads, and how long the inbox keeps a notification. */
const LOOKBACK_MS = 30 * 86_400_000;
const INBOX_DAYS = 90;

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
  refundsSince: (
    userId: string,
    since: Date,
  ) => Promise<(Event & { productId: number; amount: number; reference: string })[]>;
  /** Where the mails of paid orders stand (the mailbox's answer). */
  orderDeliveries: (
    orderIds: string[],
  ) => Promise<{ sourceId: string; status: NotificationInbox['items'][number]['delivery'] & string; deliveredAt: Date | null }[]>;
  /** When the player last saw their notifications (kept on the account: every device agrees). */
  seenAt: (userId: string) => Promise<Date | undefined>;
  /** The player saw them now; answers the new time. */
  markSeen: (userId: string) => Promise<Date | undefined>;
}

export function createNotificationsService(deps: NotificationsDeps) {
  return {
    /** What changed since the player last saw their notifications. */
    unseen: async (userId: string) => {
      const since = (await deps.seenAt(userId)) ?? new Date();
      return notificationsSince(deps, userId, new Date(Math.max(since.getTime(), Date.now() - LOOKBACK_MS)));
    },
    inbox: (userId: string) => inbox(deps, userId),
    markSeen: async (userId: string) => ({ seenAt: ((await deps.markSeen(userId)) ?? new Date()).toISOString() }),
  };
}

const heldReason = (match: string): HeldReason =>
  (notificationHeldReasons as readonly string[]).includes(match) ? (match as HeldReason) : 'late';

/** The last 90 days, read or unread, each paid order with where its in-game mail stands. */
async function inbox(deps: NotificationsDeps, userId: string): Promise<NotificationInbox> {
  const seenAt = ((await deps.seenAt(userId)) ?? new Date()).toISOString();
  const items = await notificationsSince(deps, userId, new Date(Date.now() - INBOX_DAYS * 86_400_000));
  const paidIds = items.filter((item) => item.kind === 'order.paid').map((item) => item.targetId);
  const deliveries = new Map((await deps.orderDeliveries(paidIds)).map((row) => [row.sourceId, row]));
  return {
    seenAt,
    items: items.map((item) => {
      const delivery = item.kind === 'order.paid' ? deliveries.get(item.targetId) : undefined;
      return {
        ...item,
        unread: item.at > seenAt,
        delivery: delivery?.status ?? null,
        deliveredAt: delivery?.deliveredAt?.toISOString() ?? null,
      };
    }),
  };
}

/**
 * What changed for the player since `from`, newest first. An over-payment that came with the payment
 * is told once, on the paid order (with its surplus), not as a second "held" notification beside it.
 */
async function notificationsSince(deps: NotificationsDeps, userId: string, from: Date): Promise<PlayerNotification[]> {
  const [paid, held, answered, refunded] = await Promise.all([
    deps.paidOrdersSince(userId, from),
    deps.heldPaymentsSince(userId, from),
    deps.answeredTicketsSince(userId, from),
    deps.refundsSince(userId, from),
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
      refund: null,
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
        refund: null,
        at: at(row.at),
      })),
    ...answered.map((row) => ({
      kind: 'ticket.answered' as const,
      targetId: row.id,
      productId: null,
      title: row.title,
      giftTo: null,
      held: null,
      refund: null,
      at: at(row.at),
    })),
    ...refunded.map((row) => ({
      kind: 'order.refunded' as const,
      targetId: row.id,
      productId: row.productId,
      title: row.title,
      giftTo: null,
      held: null,
      refund: { amount: row.amount, reference: row.reference },
      at: at(row.at),
    })),
  ].sort((a, b) => b.at.localeCompare(a.at));
}
