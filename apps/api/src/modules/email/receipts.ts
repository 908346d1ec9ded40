import type { Db, Logger } from '../../lib/deps';
import type { EventPublisher } from '../../lib/events';
import { periodicSweep } from '../../lib/repeat';
import type { PaidOrderForReceipt } from '../orders';
import { existingDedupeKeys, queueEmail } from './repository';

/** How far back the sweep looks for a paid order whose receipts were never queued. */
const SWEEP_WINDOW_MS = 24 * 3_600_000;
/** The orders module answers pages of this many (`paidOrdersForReceipts`); a sweep reads at most this many pages. */
const SWEEP_PAGE_SIZE = 500;
const SWEEP_PAGES = 50;

export const receiptKey = (orderId: string, userId: string) => `receipt:${orderId}:${userId}`;

export interface ReceiptsOptions {
  db: Db;
  log: Pick<Logger, 'error'>;
  events: EventPublisher;
  /** The orders module's read of paid orders (by ids, or paid since a time) with their buyer and receiver. */
  paidOrders: (which: { ids?: string[]; paidSince?: Date }) => Promise<PaidOrderForReceipt[]>;
  sweepMs: number;
}

/**
 * The receipts of paid orders: one e-mail to the buyer and one to the receiver of a gift, each only
 * with a verified e-mail, exactly once each (`receipt:<order>:<user>` is the outbox's unique key). Queued
 * on `order.changed`, and by a sweep of the orders paid in the last day, for the receipts of an order
 * whose event was lost (the process died between the payment's commit and the event).
 */
export function createReceipts({ db, log, events, paidOrders, sweepMs }: ReceiptsOptions) {
  async function queueReceipts(orders: PaidOrderForReceipt[]): Promise<number> {
    const wanted = orders.flatMap((order) =>
      order.people
        .filter((person) => person.email)
        .map((person) => ({ order, person, key: receiptKey(order.id, person.id) })),
    );
    const done = await existingDedupeKeys(
      db,
      wanted.map((each) => each.key),
    );
    let queued = 0;
    for (const { order, person, key } of wanted) {
      if (done.has(key)) continue;
      // A gift: the buyer is signed in and is not the receiver (a guest's order names the receiver only).
      const gift = order.people.length > 1;
      const id = await queueEmail(db, {
        to: person.email!,
        kind: 'receipt',
        dedupeKey: key,
        params: {
          name: person.name,
          orderCode: order.code,
          packName: order.productTitle,
          amount: Number(order.totalPrice),
          paidAt: new Date(order.paidAt).toISOString(),
          ...(gift ? { receiver: { shortId: order.receiverShortId, name: order.receiverName } } : {}),
          ...(gift && person.id === order.receiverId ? { asReceiver: true } : {}),
        },
      });
      if (id) queued += 1;
    }
    if (queued > 0) events.nudge('email.queued');
    return queued;
  }

  /** The orders paid in the last day, page after page (oldest first), their missing receipts queued. */
  async function sweepPaid(now = new Date()): Promise<number> {
    let since = new Date(now.getTime() - SWEEP_WINDOW_MS);
    let queued = 0;
    for (let page = 0; page < SWEEP_PAGES; page += 1) {
      const orders = await paidOrders({ paidSince: since });
      queued += await queueReceipts(orders);
      const last = orders.at(-1);
      if (orders.length < SWEEP_PAGE_SIZE || !last) break;
      const next = new Date(last.paidAt);
      // A page of one instant: the next page starts just after it.
      since = next.getTime() > since.getTime() ? next : new Date(since.getTime() + 1);
    }
    return queued;
  }

  const sweep = periodicSweep(sweepPaid, sweepMs, log, 'receipt sweep failed');

  return {
    /** The receipts of one order, if it is paid (the `order.changed` subscriber). */
    forOrder: async (orderId: string) => queueReceipts(await paidOrders({ ids: [orderId] })),
    /** Queues the receipts missing among the orders paid in the last day; returns how many. */
    sweep: sweep.sweep,
    start: sweep.start,
    stop: sweep.stop,
  };
}
