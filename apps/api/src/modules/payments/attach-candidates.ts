import { codes, storeMessages, type AttachCandidate, type AttachSuggestion } from '@carabala/contracts';
import type { Config, Db, Tx } from '../../lib/deps';
import { isUuid } from '../../lib/ids';
import { say } from '../../lib/sentences';
import { AppError } from '../../plugins/errors';
import {
  findOpenOrderCodes,
  findOpenOrdersOwing,
  findOrderIdByCode,
  findOrdersWithReceiver,
  findOrderWithReceiver,
  memoDistance,
  type OrderListRow,
} from '../orders';
import { findBankEvent, type BankEventRow } from './bank-events-repository';
import { paymentsMessages as m } from './messages';
import { bankEventNotFound } from './refusals';

// What the attach dialog reads before staff confirm: the order a code names, and the orders the
// transfer was likely meant for. Reads only; the attach itself is review.ts's `attachIn`.

/** How far back the near-miss search looks for open orders, and how many of their codes it reads at most. */
const NEAR_MISS_DAYS = 7;
const NEAR_MISS_SCAN = 500;
/** A code at most this many characters away from the transfer content is suggested. */
const NEAR_MISS_DISTANCE = 2;
/** Same-amount suggestions: orders placed within this long before the transfer. */
const SAME_AMOUNT_MINUTES = 60;
/** The bank's clock and ours may differ a little: an order "after" the transfer by this much still counts. */
const CLOCK_SLACK_MS = 2 * 60_000;
const SUGGESTION_LIMIT = 5;

export const attachOrderNotFound = (code: string) =>
  new AppError(404, codes.error, storeMessages.transactionNotFound, { code: [m.attachCodeUnknown(code)] });

/** The order an attach target names: its code (any case) or its transaction id. */
export async function orderIdOfTarget(db: Db | Tx, target: string): Promise<string | undefined> {
  const value = target.trim();
  return isUuid(value) ? value.toLowerCase() : findOrderIdByCode(db, value.toUpperCase());
}

/** Why attaching this event's money to this order would be refused, or null (the attach checks it again, locked). */
function refusalOf(event: BankEventRow, order: OrderListRow['order']): string | null {
  if (event.match === 'late' && event.orderId !== null && event.orderId !== order.id) return say(m.attachOnlyUnmatched);
  if (order.status === 'done') return say(m.attachOrderPaid);
  if (order.status !== 'initial') return say(m.orderNoLongerOpen);
  return null;
}

function toCandidate(event: BankEventRow, row: OrderListRow): AttachCandidate {
  const { order } = row;
  return {
    id: order.id,
    code: order.code,
    productTitle: order.productTitle,
    totalPrice: order.totalPrice,
    accumulatedAmount: order.accumulatedAmount,
    amountDue: Math.max(order.totalPrice - order.accumulatedAmount, 0),
    status: order.status,
    receiver: { shortId: row.receiverShortId, displayName: row.receiverName },
    createdAt: order.createdAt.toISOString(),
    refusal: refusalOf(event, order),
  };
}

/** The memo's texts as SePay sent them: the content, and the raw payload's code and description. */
function memoTexts(event: BankEventRow): string[] {
  const payload = (event.payload ?? {}) as Record<string, unknown>;
  const texts = [event.content, payload.code, payload.description, payload.transaction_content];
  return texts.filter((text): text is string => typeof text === 'string' && text !== '');
}

export function createAttachLookup({ db }: { db: Db; config: Config }) {
  async function eventOf(id: string): Promise<BankEventRow> {
    if (!isUuid(id)) throw bankEventNotFound();
    const row = await findBankEvent(db, id.toLowerCase());
    if (!row) throw bankEventNotFound();
    return row.event;
  }

  return {
    /** The order an attach with this code would credit, with why it would be refused; unknown: 404 under the field. */
    async attachPreview(eventId: string, code: string): Promise<AttachCandidate> {
      const event = await eventOf(eventId);
      const orderId = await orderIdOfTarget(db, code);
      const row = orderId ? await findOrderWithReceiver(db, orderId) : undefined;
      if (!row) throw attachOrderNotFound(code.trim().toUpperCase());
      return toCandidate(event, row);
    },

    /**
     * Orders the transfer was likely meant for: open orders of the last days whose code is one or two
     * characters away from the transfer content (closest first), then open orders that owe exactly the
     * amount and were placed within the hour before it (newest first). Two bounded reads of the
     * status index; only the near-miss codes are compared here.
     */
    async attachSuggestions(eventId: string): Promise<{ suggestions: AttachSuggestion[] }> {
      const event = await eventOf(eventId);
      const at = (event.transactionDate ?? event.receivedAt).getTime();
      const until = new Date(at + CLOCK_SLACK_MS);
      const texts = memoTexts(event);
      const [recent, owing] = await Promise.all([
        texts.length ? findOpenOrderCodes(db, new Date(at - NEAR_MISS_DAYS * 86_400_000), until, NEAR_MISS_SCAN) : [],
        event.amount > 0
          ? findOpenOrdersOwing(db, event.amount, new Date(at - SAME_AMOUNT_MINUTES * 60_000), until, SUGGESTION_LIMIT)
          : [],
      ]);
      const near = recent
        .map(({ id, code }) => ({ id, distance: memoDistance(code, texts) }))
        .filter(({ distance }) => distance <= NEAR_MISS_DISTANCE)
        .sort((a, b) => a.distance - b.distance)
        .slice(0, SUGGESTION_LIMIT);
      const nearRows = new Map(
        (
          await findOrdersWithReceiver(
            db,
            near.map(({ id }) => id),
          )
        ).map((r) => [r.order.id, r]),
      );
      const suggestions: AttachSuggestion[] = [];
      for (const { id } of near) {
        const row = nearRows.get(id);
        if (row) suggestions.push({ ...toCandidate(event, row), reason: 'similar_code' });
      }
      for (const row of owing) {
        if (suggestions.some((s) => s.id === row.order.id)) continue;
        suggestions.push({ ...toCandidate(event, row), reason: 'same_amount' });
      }
      return { suggestions };
    },
  };
}
