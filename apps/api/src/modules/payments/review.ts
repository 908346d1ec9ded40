import {
  type BankEvent,
  type InternalTransaction,
  type Paged,
  type RefundBody,
  type internalTransactionDetailSchema,
} from '@carabala/contracts';
import type { z } from 'zod';
import { toPaged } from '../../db/paging';
import { afterMoney, type MoneyDeps } from './money-deps';
import { isUuid } from '../../lib/ids';
import { PendingApproval } from '../../lib/reply';
import { recordAudit } from '../audit';
import type { MailboxService } from '../mailbox';
import { findOrderWithReceiver, toInternalTransaction, type OrdersService } from '../orders';
import { createAttachLookup } from './attach-candidates';
import { heldMoneyByOrder, toBankEvent, toRefund } from './bank-event-views';
import {
  findBankEvent,
  findBankEvents,
  findBankEventsOfOrder,
  findMoneyOfOrders,
  findRefundsOfEvents,
  heldPaymentsSince,
  lockBankEvent,
  refundsSince,
  updateBankEvent,
} from './bank-events-repository';
import { alreadyHandled, bankEventNotFound } from './refusals';
import { createStaffMoneyActions } from './staff-actions';

export interface ReviewDeps extends MoneyDeps {
  /** The mailbox's answer: where the mail an order earned stands. */
  mailDelivery: MailboxService['deliveryOf'];
  /** The orders module's answer: an order with its receiver, or not found. */
  findOrder: OrdersService['findOrder'];
}

/**
 * The staff's review of money: an order's bank events, bank events to handle (resolve, attach to an
 * order, refund), and the money actions of staff-actions.ts (mark paid, grant, refund with approvals).
 */
export function createReviewService({ db, config, events, mailDelivery, findOrder, players }: ReviewDeps) {
  const staffActions = createStaffMoneyActions({ db, config, events, players });

  return {
    /** What the attach dialog reads: the order a code names, and the orders the money was likely meant for. */
    ...createAttachLookup({ db, config }),

    async getTransaction(id: string): Promise<z.infer<typeof internalTransactionDetailSchema>> {
      const row = await findOrder(id);
      const [events, mail] = await Promise.all([
        findBankEventsOfOrder(db, row.order.id),
        mailDelivery('order', row.order.id),
      ]);
      const refunds = await findRefundsOfEvents(
        db,
        events.map(({ event }) => event.id),
      );
      return {
        ...toInternalTransaction(row),
        bankEvents: events.map(toBankEvent),
        refunds: refunds.map(toRefund),
        mail,
      };
    },

    /** Carry out approved requests (decision record 030). */
    approvalAppliers: staffActions.appliers,

    /** Mark an order paid by hand; past the member's threshold it answers a pending approval instead. */
    async markPaid(id: string, note: string, actorId: string): Promise<InternalTransaction | PendingApproval> {
      const done = await staffActions.markPaid(id, note, actorId);
      if (done instanceof PendingApproval) return done;
      return toInternalTransaction((await findOrderWithReceiver(db, done))!);
    },

    /** A pack granted by hand: always a request a second admin approves. */
    createManual: staffActions.createManual,
    grantReceiver: staffActions.grantReceiver,

    /** Money sent back from a bank event; past the member's threshold it answers a pending approval instead. */
    async refundBankEvent(id: string, body: RefundBody, actorId: string) {
      const done = await staffActions.refundBankEvent(id, body, actorId);
      return done instanceof PendingApproval ? done : toRefund(done);
    },

    async findBankEvents(review: boolean, query: { page: number; pageSize: number }): Promise<Paged<BankEvent>> {
      return toPaged(query, await findBankEvents(db, review, query), toBankEvent);
    },

    heldPaymentsSince: (userId: string, since: Date) => heldPaymentsSince(db, userId, since),
    refundsSince: (userId: string, since: Date) => refundsSince(db, userId, since),
    /** Each order's held money as the player reads it (panel, receipt, history): how much, why, refunds, by when. */
    heldMoneyOf: async (orderIds: string[]) =>
      heldMoneyByOrder(await findMoneyOfOrders(db, orderIds), config.HELD_MONEY_REFUND_DAYS),

    /** Staff close a bank event after handling it (refund, manual mark, …), with a note. */
    async resolveBankEvent(id: string, note: string, actorId: string): Promise<BankEvent> {
      if (!isUuid(id)) throw bankEventNotFound();
      await db.transaction(async (tx) => {
        const event = await lockBankEvent(tx, id.toLowerCase());
        if (!event) throw bankEventNotFound();
        if (event.reviewedAt) throw alreadyHandled();
        await updateBankEvent(tx, event.id, { reviewedAt: new Date(), reviewedBy: actorId, reviewNote: note });
        await recordAudit(tx, {
          actorId,
          action: 'bank_event.resolve',
          targetType: 'bank_event',
          targetId: event.id,
          detail: { note, match: event.match, amount: event.amount },
        });
      });
      return toBankEvent((await findBankEvent(db, id.toLowerCase()))!);
    },

    /**
     * Staff credit an unmatched bank payment to the open order it was meant for (code or
     * transaction id), through the one credit operation, and close the event with the note; past
     * the member's threshold it answers a pending approval instead.
     */
    async attachBankEvent(id: string, target: string, note: string, actorId: string) {
      const outcome = await staffActions.attachBankEvent(id, target, note, actorId);
      if (outcome instanceof PendingApproval) return outcome;
      await afterMoney(events, {
        orderId: outcome.kind === 'recorded' ? outcome.orderId : null,
        mailQueued: outcome.paid,
      });
      return toBankEvent((await findBankEvent(db, id.toLowerCase()))!);
    },
  };
}

export type ReviewService = ReturnType<typeof createReviewService>;
