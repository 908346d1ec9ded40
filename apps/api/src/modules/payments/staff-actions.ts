import {
  approvalMessages,
  storeCodes,
  storeMessages,
  type ApprovalEffectOf,
  type AuditAction,
  type createManualTransactionBodySchema,
  type RefundBody,
  type UserLookup,
} from '@carabala/contracts';
import { formatVnd } from '@carabala/contracts/labels';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../lib/deps';
import { afterMoney, type MoneyDeps } from './money-deps';
import { isUuid } from '../../lib/ids';
import { PendingApproval } from '../../lib/reply';
import { AppError } from '../../plugins/errors';
import { staleApproval, type ApprovalApplier, type ApprovalContext } from '../approvals';
import { recordAudit, sumOwnAmounts } from '../audit';
import { findProductOnSale } from '../catalogue';
import {
  findOrderWithReceiver,
  insertOrderWithFreshCode,
  lockOrderRow,
  transactionNotFound,
  userNotFound,
} from '../orders';
import { resolveCharacter } from '../game';
import { findUserByShortId } from '../users';
import { attachIn, checkAttach } from './attach';
import { requestAttach, requestGrant, requestMarkPaid, requestRefund } from './money-requests';
import { creditedPart } from './bank-event-views';
import { insertRefund, lockBankEvent, sumOrderRefunds, sumRefunds, updateBankEvent } from './bank-events-repository';
import { paymentsMessages as m } from './messages';
import { bankEventNotFound } from './refusals';
import { creditMoney } from './repository';

type ManualBody = z.infer<typeof createManualTransactionBodySchema>;

const productNotFound = () =>
  new AppError(400, storeCodes.productNotFound, storeMessages.productNotFound, {
    productId: [storeMessages.productNotFound],
  });

/** Who approved, for the action's own audit entry. */
const approvedBy = (approval?: ApprovalContext) =>
  approval ? { approvalId: approval.approvalId, approvedBy: approval.approvedBy } : {};

/** The money actions whose amounts count towards a staff member's rolling total (decision record 030). */
const OWN_MONEY_ACTIONS: AuditAction[] = ['transaction.mark_paid', 'bank_event.attach', 'bank_event.refund'];
const ROLLING_HOURS = 24;

/**
 * What `actorId` marked paid, attached and refunded alone in the last 24 hours. Takes a per-member
 * lock held to the end of the transaction first, so two actions of one member at once are counted one
 * after the other (the second sees the first's audit entry) and cannot both slip under the threshold.
 * Callers take it before any row lock, so the locks are always taken in the same order.
 */
async function lockOwnTotal(tx: Tx, actorId: string): Promise<number> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('staff-money:' || ${actorId}))`);
  return sumOwnAmounts(tx, actorId, OWN_MONEY_ACTIONS, ROLLING_HOURS);
}

/** Marks a waiting order paid through the one credit operation: its limit is checked again, its mail goes once. */
async function markPaidIn(
  tx: Tx,
  orderId: string,
  note: string,
  amount: number,
  actorId: string,
  approval?: ApprovalContext,
) {
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
    detail: { note, amount, status: credited.status, cancelled: credited.cancelled, ...approvedBy(approval) },
  });
}

/**
 * The approved grant, exactly as stored: a manual order with the stored items, price and title, paid
 * through the one credit operation. The live catalogue is read only to refuse a product that left it.
 */
async function grantIn(tx: Tx, prefix: string, effect: ApprovalEffectOf<'order.grant'>, approval: ApprovalContext) {
  const product = await findProductOnSale(tx, effect.productId, new Date(), { anyTime: true });
  if (product?.packId !== effect.packId) throw staleApproval(approvalMessages.stalePack(effect.title));
  const receiver = await findUserByShortId(tx, effect.receiver.shortId);
  if (receiver?.id !== effect.receiver.id) throw userNotFound();
  const order = await insertOrderWithFreshCode(tx, prefix, {
    kind: 'manual',
    productId: effect.productId,
    productTitle: effect.title,
    totalPrice: effect.price,
    items: effect.items,
    packId: effect.packId,
    packTab: effect.tab,
    thumbnail: effect.thumbnail,
    receiverId: receiver.id,
    character: effect.character ?? null,
    note: effect.reason,
    approvalId: approval.approvalId,
  });
  await creditMoney(tx, {
    target: { orderId: order.id },
    amount: 0,
    force: true,
    paidBy: 'grant',
    mailTitlePrefix: m.grantMailTitlePrefix,
  });
  await recordAudit(tx, {
    actorId: approval.requestedBy,
    action: 'transaction.create_manual',
    targetType: 'order',
    targetId: order.id,
    detail: {
      shortId: receiver.shortId,
      productId: effect.productId,
      productTitle: effect.title,
      items: effect.items,
      character: effect.character ?? null,
      reason: effect.reason,
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
 * The staff's money actions: mark an order paid, attach unmatched money, refund, grant a pack. A grant
 * always, and a mark-paid, attach or refund that takes its member's rolling 24-hour total to
 * APPROVAL_THRESHOLD_VND, become a request storing the exact effect; a second admin's approval applies
 * that effect inside the approval's transaction (decision record 030).
 */
export function createStaffMoneyActions({ db, config, events, players }: MoneyDeps) {
  const threshold = config.APPROVAL_THRESHOLD_VND;
  /** Whether this amount, on top of what the member moved alone in the last 24 hours, waits for a second admin. */
  const waits = (ownTotal: number, amount: number) => ownTotal + amount >= threshold;

  const appliers: {
    [K in 'order.mark_paid' | 'order.grant' | 'bank_event.attach' | 'bank_event.refund']: ApprovalApplier<K>;
  } = {
    'order.mark_paid': {
      apply: (tx, effect, context) =>
        markPaidIn(tx, effect.orderId, effect.note, effect.amount, context.requestedBy, context),
      // The player's open transfer panel hears of it too.
      afterCommit: (effect) => afterMoney(events, { orderId: effect.orderId, mailQueued: true }),
    },
    'order.grant': {
      apply: (tx, effect, context) => grantIn(tx, config.ORDER_CODE_PREFIX, effect, context),
      afterCommit: () => afterMoney(events, { mailQueued: true }),
    },
    'bank_event.attach': {
      apply: async (tx, effect, context) => {
        await attachIn(tx, effect.bankEventId, effect.orderId, effect.note, context.requestedBy, context);
      },
      afterCommit: (effect) => afterMoney(events, { orderId: effect.orderId, mailQueued: true }),
    },
    'bank_event.refund': {
      apply: async (tx, { bankEventId, amount, bankReference, reason }, context) => {
        await refundIn(tx, bankEventId, { amount, bankReference, reason }, context.requestedBy, context);
      },
    },
  };

  return {
    appliers,

    /** Staff mark an order paid by hand (money seen on the statement); past the member's threshold it waits. */
    async markPaid(id: string, note: string, actorId: string): Promise<string | PendingApproval> {
      if (!isUuid(id)) throw transactionNotFound();
      const orderId = id.toLowerCase();
      const pending = await db.transaction(async (tx) => {
        const ownTotal = await lockOwnTotal(tx, actorId);
        const row = await findOrderWithReceiver(tx, orderId);
        if (!row) throw transactionNotFound();
        const { order } = row;
        if (order.status !== 'initial') throw new AppError(409, storeCodes.alreadyPaid, m.alreadyPaid);
        if (waits(ownTotal, order.totalPrice)) {
          return requestMarkPaid(tx, row, note, actorId);
        }
        await markPaidIn(tx, orderId, note, order.totalPrice, actorId);
        return undefined;
      });
      if (pending) return pending;
      await afterMoney(events, { orderId, mailQueued: true });
      return orderId;
    },

    /**
     * An admin grants a pack without payment: always a request storing what the pack holds now. Any
     * published pack staff can see may be granted, one players no longer see too: the request says so.
     */
    async createManual(body: ManualBody, actorId: string): Promise<PendingApproval> {
      // The receiver's character: their only one, or the one staff chose when there are several.
      const player = await players.findReceiver(body.shortId);
      const character = player ? resolveCharacter(player.servers, body) : null;
      return db.transaction(async (tx) => {
        const product = await findProductOnSale(tx, body.productId, new Date(), { anyTime: true });
        if (!product) throw productNotFound();
        const receiver = await findUserByShortId(tx, body.shortId);
        if (!receiver) throw userNotFound();
        return requestGrant(tx, product, receiver, character, body.reason, actorId);
      });
    },

    /** The grant form's receiver: who a User ID names, with their servers and characters to choose from. */
    async grantReceiver(shortId: string): Promise<UserLookup> {
      const player = await players.findReceiver(shortId);
      if (!player) throw userNotFound();
      const { displayName, avatar, servers } = player;
      return { shortId: player.shortId, displayName, avatar, servers };
    },

    /** Money sent back from a bank event; past the member's threshold it waits. */
    async refundBankEvent(id: string, body: RefundBody, actorId: string) {
      if (!isUuid(id)) throw bankEventNotFound();
      const eventId = id.toLowerCase();
      return db.transaction(async (tx) => {
        const ownTotal = await lockOwnTotal(tx, actorId);
        if (!waits(ownTotal, body.amount)) return refundIn(tx, eventId, body, actorId);
        const { event } = await lockRefundable(tx, eventId, body.amount);
        return requestRefund(tx, event, body, actorId);
      });
    },

    /**
     * Unmatched money credited to the open order it was meant for; past the member's threshold it waits,
     * the request naming the order. Answers what was credited, or the pending request.
     */
    async attachBankEvent(id: string, target: string, note: string, actorId: string) {
      if (!isUuid(id)) throw bankEventNotFound();
      const eventId = id.toLowerCase();
      return db.transaction(async (tx) => {
        const ownTotal = await lockOwnTotal(tx, actorId);
        const { event, row } = await checkAttach(tx, eventId, target);
        if (!waits(ownTotal, event.amount)) return attachIn(tx, eventId, target, note, actorId);
        return requestAttach(tx, event, row, note, actorId);
      });
    },
  };
}
