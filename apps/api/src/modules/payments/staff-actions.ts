import {
  codes,
  storeCodes,
  storeMessages,
  type createManualTransactionBodySchema,
  type RefundBody,
} from '@carabala/contracts';
import { formatVnd } from '@carabala/contracts/labels';
import type { z } from 'zod';
import type { Tx } from '../../lib/deps';
import type { MoneyDeps } from './money-deps';
import { isUuid } from '../../lib/ids';
import { PendingApproval } from '../../lib/reply';
import { AppError } from '../../plugins/errors';
import { requestApproval, type ApprovalApplier, type ApprovalContext } from '../approvals';
import { recordAudit } from '../audit';
import { findProductOnSale, orderSnapshot } from '../catalogue';
import {
  findOrderWithReceiver,
  insertOrderWithFreshCode,
  lockOrderRow,
  transactionNotFound,
  userNotFound,
} from '../orders';
import { findUserByShortId } from '../users';
import { creditedPart } from './bank-event-views';
import { insertRefund, lockBankEvent, sumOrderRefunds, sumRefunds, updateBankEvent } from './bank-events-repository';
import { paymentsMessages as m } from './messages';
import { creditMoney } from './repository';

type ManualBody = z.infer<typeof createManualTransactionBodySchema>;

export const bankEventNotFound = () => new AppError(404, codes.error, m.bankEventNotFound);
const productNotFound = () =>
  new AppError(400, storeCodes.productNotFound, storeMessages.productNotFound, {
    productId: [storeMessages.productNotFound],
  });

/** A published product staff may grant, whether or not its pack shows now. */
async function grantable(tx: Tx, productId: number) {
  const product = await findProductOnSale(tx, productId, new Date(), { anyTime: true });
  if (!product) throw productNotFound();
  return product;
}

/** Who approved, for the action's own audit entry. */
const approvedBy = (approval?: ApprovalContext) =>
  approval ? { approvalId: approval.approvalId, approvedBy: approval.approvedBy } : {};

/** Marks a waiting order paid through the one credit operation: its limit is checked again, its mail goes once. */
async function markPaidIn(tx: Tx, orderId: string, note: string, actorId: string, approval?: ApprovalContext) {
  const credited = await creditMoney(tx, {
    target: { orderId },
    amount: 0,
    force: true,
    paidBy: 'staff',
    note,
    mailTitlePrefix: m.orderMailTitlePrefix,
  });
  if (credited.kind !== 'recorded' || !credited.orderId) throw transactionNotFound();
  if (credited.previousStatus !== 'initial') throw new AppError(409, storeCodes.alreadyPaid, m.alreadyPaid);
  await recordAudit(tx, {
    actorId,
    action: 'transaction.mark_paid',
    targetType: 'order',
    targetId: credited.orderId,
    detail: { note, status: credited.status, cancelled: credited.cancelled, ...approvedBy(approval) },
  });
}

/** A manual order for the player, paid through the one credit operation. */
async function grantIn(tx: Tx, prefix: string, body: ManualBody, actorId: string, approval?: ApprovalContext) {
  const product = await grantable(tx, body.productId);
  const receiver = await findUserByShortId(tx, body.shortId);
  if (!receiver) throw userNotFound();
  const order = await insertOrderWithFreshCode(tx, prefix, {
    kind: 'manual',
    ...orderSnapshot(product),
    receiverId: receiver.id,
    note: body.reason,
  });
  await creditMoney(tx, {
    target: { orderId: order.id },
    amount: 0,
    force: true,
    paidBy: 'grant',
    mailTitlePrefix: m.orderMailTitlePrefix,
  });
  await recordAudit(tx, {
    actorId,
    action: 'transaction.create_manual',
    targetType: 'order',
    targetId: order.id,
    detail: {
      shortId: receiver.shortId,
      productId: product.productId,
      productTitle: product.title,
      reason: body.reason,
      ...approvedBy(approval),
    },
  });
}

/**
 * Locks the event and checks the refund fits: at most what the event holds (its amount less what
 * paid for a pack, less earlier refunds). The event's row lock, and the order's for surplus shared
 * by the order's events, make concurrent refunds wait for each other.
 */
async function lockRefundable(tx: Tx, id: string, amount: number) {
  const event = await lockBankEvent(tx, id);
  if (!event) throw bankEventNotFound();
  const order = event.orderId ? await lockOrderRow(tx, event.orderId) : undefined;
  let refundable = event.transferType === 'in' ? event.amount - creditedPart(event, order?.status) : 0;
  refundable -= await sumRefunds(tx, event.id);
  if (order?.status === 'done' && event.creditedAmount > 0) {
    // A paid order's surplus is shared by its events: never refund more than the surplus.
    const surplus = order.accumulatedAmount - order.totalPrice - (await sumOrderRefunds(tx, order.id));
    refundable = Math.min(refundable, surplus);
  }
  if (amount > refundable) {
    const message = m.refundTooMuch(Math.max(refundable, 0));
    throw new AppError(409, storeCodes.refundTooMuch, message, { amount: [message] });
  }
  return { event, refundable, order };
}

async function refundIn(tx: Tx, id: string, body: RefundBody, actorId: string, approval?: ApprovalContext) {
  const { event, refundable, order } = await lockRefundable(tx, id, body.amount);
  const refund = await insertRefund(tx, {
    bankEventId: event.id,
    amount: body.amount,
    bankReference: body.bankReference,
    reason: body.reason,
    actorId,
  });
  await recordAudit(tx, {
    actorId,
    action: 'bank_event.refund',
    targetType: 'bank_event',
    targetId: event.id,
    detail: {
      amount: body.amount,
      bankReference: body.bankReference,
      reason: body.reason,
      // A promotion's bonus delivered with the order is not taken back: the refund records it.
      ...(order?.bonusItems?.length ? { bonusKept: order.bonusItems } : {}),
      ...approvedBy(approval),
    },
  });
  // Nothing is held any more: the event leaves "Cần xử lý" by itself, saying why.
  if (body.amount === refundable && !event.reviewedAt) {
    await updateBankEvent(tx, event.id, {
      reviewedAt: new Date(),
      reviewedBy: actorId,
      reviewNote: m.fullyRefunded(formatVnd(body.amount), body.bankReference),
    });
  }
  return refund;
}

/**
 * The staff's money actions: mark an order paid, grant a pack, refund from a bank event. A grant, and
 * a mark-paid or refund of at least APPROVAL_THRESHOLD_VND, becomes a request a second admin approves
 * (decision record 030); its applier carries it out inside the approval's transaction.
 */
export function createStaffMoneyActions({ db, config, onMailQueued, onOrderChanged }: MoneyDeps) {
  const threshold = config.APPROVAL_THRESHOLD_VND;

  const appliers = {
    'order.mark_paid': {
      apply: (tx, payload, context) => {
        const { orderId, note } = payload as { orderId: string; note: string };
        return markPaidIn(tx, orderId, note, context.requestedBy, context);
      },
      // The player's open transfer panel hears of it too.
      afterCommit: (payload) => {
        onMailQueued();
        onOrderChanged((payload as { orderId: string }).orderId);
      },
    },
    'order.grant': {
      apply: (tx, payload, context) =>
        grantIn(tx, config.ORDER_CODE_PREFIX, payload as ManualBody, context.requestedBy, context),
      afterCommit: onMailQueued,
    },
    'bank_event.refund': {
      apply: async (tx, payload, context) => {
        const { bankEventId, ...body } = payload as RefundBody & { bankEventId: string };
        await refundIn(tx, bankEventId, body, context.requestedBy, context);
      },
    },
  } satisfies Record<string, ApprovalApplier>;

  return {
    appliers,

    /** Staff mark an order paid by hand (money seen on the statement); a large one waits for approval. */
    async markPaid(id: string, note: string, actorId: string): Promise<string | PendingApproval> {
      if (!isUuid(id)) throw transactionNotFound();
      const orderId = id.toLowerCase();
      const pending = await db.transaction(async (tx) => {
        const row = await findOrderWithReceiver(tx, orderId);
        if (!row) throw transactionNotFound();
        const { order } = row;
        if (order.status !== 'initial') throw new AppError(409, storeCodes.alreadyPaid, m.alreadyPaid);
        if (order.totalPrice >= threshold) {
          return requestApproval(tx, {
            kind: 'order.mark_paid',
            payload: { orderId, note },
            summary: m.markPaidSummary(
              order.code,
              order.productTitle,
              formatVnd(order.totalPrice),
              row.receiverName,
              row.receiverShortId,
            ),
            reason: note,
            amount: order.totalPrice,
            requestedBy: actorId,
          });
        }
        await markPaidIn(tx, orderId, note, actorId);
        return undefined;
      });
      if (pending) return pending;
      onMailQueued();
      return orderId;
    },

    /** An admin grants a pack without payment: always a request a second admin approves. */
    async createManual(body: ManualBody, actorId: string): Promise<PendingApproval> {
      return db.transaction(async (tx) => {
        const product = await grantable(tx, body.productId);
        const receiver = await findUserByShortId(tx, body.shortId);
        if (!receiver) throw userNotFound();
        return requestApproval(tx, {
          kind: 'order.grant',
          payload: { shortId: body.shortId, productId: body.productId, reason: body.reason },
          summary: m.grantSummary(product.title, formatVnd(product.price), receiver.displayName, receiver.shortId),
          reason: body.reason,
          amount: product.price,
          requestedBy: actorId,
        });
      });
    },

    /** An admin records money sent back from a bank event; a large refund waits for approval. */
    async refundBankEvent(id: string, body: RefundBody, actorId: string) {
      if (!isUuid(id)) throw bankEventNotFound();
      const eventId = id.toLowerCase();
      return db.transaction(async (tx) => {
        if (body.amount < threshold) return refundIn(tx, eventId, body, actorId);
        const { event } = await lockRefundable(tx, eventId, body.amount);
        return requestApproval(tx, {
          kind: 'bank_event.refund',
          payload: { bankEventId: eventId, ...body },
          summary: m.refundSummary(
            formatVnd(body.amount),
            formatVnd(event.amount),
            event.content ?? '',
            body.bankReference,
          ),
          reason: body.reason,
          amount: body.amount,
          requestedBy: actorId,
        });
      });
    },
  };
}
