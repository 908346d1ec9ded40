import { codes, storeCodes } from '@carabala/contracts';
import type { Tx } from '../../lib/deps';
import { AppError } from '../../plugins/errors';
import type { ApprovalContext } from '../approvals';
import { recordAudit } from '../audit';
import { findOrderWithReceiver } from '../orders';
import { attachOrderNotFound, orderIdOfTarget } from './attach-candidates';
import { lockBankEvent, sumRefunds, updateBankEvent } from './bank-events-repository';
import { paymentsMessages as m } from './messages';
import { creditMoney } from './repository';
import { alreadyHandled, bankEventNotFound } from './refusals';

/**
 * Locks the event and finds the open order `target` names (code or transaction id), or refuses: an
 * event already handled, one that is not unmatched money (or late money for another order), partly
 * refunded money, an unknown order or one no longer waiting for payment.
 */
export async function checkAttach(tx: Tx, eventId: string, target: string) {
  const orderNotFound = () => attachOrderNotFound(target.trim().toUpperCase());
  const event = await lockBankEvent(tx, eventId);
  if (!event) throw bankEventNotFound();
  if (event.reviewedAt) throw alreadyHandled();
  // Money that came after its order's payment window may still be put on that order, if it is open.
  const lateForItsOrder = event.match === 'late' && event.orderId !== null;
  if (!lateForItsOrder && (event.match !== 'unmatched' || event.orderId)) {
    throw new AppError(409, codes.error, m.attachOnlyUnmatched);
  }
  if ((await sumRefunds(tx, event.id)) > 0) {
    throw new AppError(409, codes.error, m.attachAfterRefund);
  }
  const orderId = await orderIdOfTarget(tx, target);
  const row = orderId ? await findOrderWithReceiver(tx, orderId) : undefined;
  if (!row) throw orderNotFound();
  if (lateForItsOrder && row.order.id !== event.orderId) throw new AppError(409, codes.error, m.attachOnlyUnmatched);
  if (row.order.status !== 'initial') {
    throw new AppError(409, storeCodes.alreadyPaid, m.alreadyPaid, { code: [m.orderNoLongerOpen] });
  }
  return { event, row };
}

/**
 * Credits an unmatched bank event's money to the open order `target` names, through the one credit
 * operation, and closes the event with the note: inside the caller's transaction. With `approval`,
 * the requester stays the actor and the audit entry names the approver.
 */
export async function attachIn(
  tx: Tx,
  eventId: string,
  target: string,
  note: string,
  actorId: string,
  approval?: ApprovalContext,
) {
  const { event, row } = await checkAttach(tx, eventId, target);
  const credited = await creditMoney(tx, {
    target: { orderId: row.order.id },
    amount: event.amount,
    paidBy: 'bank',
    mailTitlePrefix: m.orderMailTitlePrefix,
  });
  if (credited.kind !== 'recorded' || !credited.orderId) throw attachOrderNotFound(row.order.code);
  if (credited.previousStatus !== 'initial') {
    throw new AppError(409, storeCodes.alreadyPaid, m.alreadyPaid, { code: [m.orderNoLongerOpen] });
  }
  await updateBankEvent(tx, event.id, {
    orderId: credited.orderId,
    match: credited.match,
    creditedAmount: credited.credited,
    reviewedAt: new Date(),
    reviewedBy: actorId,
    reviewNote: note,
  });
  await recordAudit(tx, {
    actorId,
    action: 'bank_event.attach',
    targetType: 'bank_event',
    targetId: event.id,
    detail: {
      note,
      amount: event.amount,
      orderId: credited.orderId,
      code: credited.orderCode,
      paid: credited.paid,
      status: credited.status,
      ...(approval ? { approvalId: approval.approvalId, approvedBy: approval.approvedBy } : {}),
    },
  });
  return credited;
}
