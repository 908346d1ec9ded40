import { heldMoneyReasons, type BankEvent, type HeldMoney, type HeldMoneyReason } from '@carabala/contracts';
import type { BankEventRow, findMoneyOfOrders } from './bank-events-repository';

/**
 * The part of an event's money that stands on an order: what it credited, unless the order was
 * later held or cancelled, whose money is all held for review.
 */
export function creditedPart(event: { creditedAmount: number }, orderStatus: string | null | undefined): number {
  return orderStatus === 'held' || orderStatus === 'cancelled' ? 0 : event.creditedAmount;
}

/** A bank event as staff see it: what it credited, what was refunded and what is held. */
export function toBankEvent({
  event: row,
  refunded,
  orderStatus,
  orderCode,
}: {
  event: BankEventRow;
  refunded: number;
  orderStatus: string | null;
  orderCode: string | null;
}): BankEvent {
  return {
    id: row.id,
    provider: row.provider,
    providerId: row.providerId,
    orderId: row.orderId,
    orderCode,
    amount: row.amount,
    transferType: row.transferType,
    accountNumber: row.accountNumber,
    content: row.content,
    referenceCode: row.referenceCode,
    match: row.match,
    creditedAmount: creditedPart(row, orderStatus),
    refundedAmount: refunded,
    heldAmount: row.transferType === 'in' ? row.amount - creditedPart(row, orderStatus) - refunded : 0,
    transactionDate: row.transactionDate?.toISOString() ?? null,
    receivedAt: row.receivedAt.toISOString(),
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
    reviewNote: row.reviewNote,
    payload: row.payload,
  };
}

export function toRefund(refund: {
  id: string;
  bankEventId: string;
  amount: number;
  bankReference: string;
  reason: string;
  createdAt: Date;
}) {
  return {
    id: refund.id,
    bankEventId: refund.bankEventId,
    amount: refund.amount,
    bankReference: refund.bankReference,
    reason: refund.reason,
    createdAt: refund.createdAt.toISOString(),
  };
}

type OrdersMoney = Awaited<ReturnType<typeof findMoneyOfOrders>>;
type MoneyEvent = OrdersMoney['events'][number];

/** Why an order's money is held: the order's own state first (its money is all held), then the last event's. */
function heldReason(orderStatus: string, events: MoneyEvent[]): HeldMoneyReason {
  if (orderStatus === 'held') return 'limit_reached';
  if (orderStatus === 'cancelled') return 'cancelled';
  const match = events.at(-1)!.match as string;
  return (heldMoneyReasons as readonly string[]).includes(match) ? (match as HeldMoneyReason) : 'late';
}

/**
 * Each order's held money as the player reads it: how much did not pay for the pack (what staff may
 * refund: the same sum as the bank events' `heldAmount` before refunds), why, the refunds with their
 * bank references, and by when staff send back what is left (`refundDays` after it first came).
 */
export function heldMoneyByOrder({ events, refunds }: OrdersMoney, refundDays: number): Map<string, HeldMoney> {
  const held = new Map<string, { events: MoneyEvent[]; amount: number }>();
  for (const event of events) {
    const part = event.amount - creditedPart(event, event.orderStatus);
    if (part <= 0 || !event.orderId) continue;
    const entry = held.get(event.orderId) ?? { events: [], amount: 0 };
    entry.events.push(event);
    entry.amount += part;
    held.set(event.orderId, entry);
  }
  const views = new Map<string, HeldMoney>();
  for (const [orderId, entry] of held) {
    const sent = refunds.filter((refund) => refund.orderId === orderId);
    const left = entry.amount - sent.reduce((sum, refund) => sum + refund.amount, 0);
    const handled = entry.events.every((event) => event.reviewedAt !== null);
    const since = entry.events[0]!.receivedAt;
    views.set(orderId, {
      reason: heldReason(entry.events[0]!.orderStatus, entry.events),
      amount: entry.amount,
      since: since.toISOString(),
      refundBy: left > 0 && !handled ? new Date(since.getTime() + refundDays * 86_400_000).toISOString() : null,
      handled,
      refunds: sent.map((refund) => ({
        reference: refund.reference,
        amount: refund.amount,
        at: refund.at.toISOString(),
      })),
    });
  }
  return views;
}
