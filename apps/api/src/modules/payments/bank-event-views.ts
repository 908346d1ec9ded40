import type { BankEvent } from '@carabala/contracts';
import type { BankEventRow } from './bank-events-repository';

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
