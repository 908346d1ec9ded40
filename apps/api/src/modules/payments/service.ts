import { timingSafeEqual, createHash } from 'node:crypto';
import {
  codes,
  findOrderCodes,
  findPurchasable,
  parseSepayDate,
  purchaseLimitSlot,
  sepayWebhookSchema,
  storeCodes,
  storeMessages,
  type BankEvent,
  type BankEventMatch,
  type InternalTransaction,
  type Paged,
  type createManualTransactionBodySchema,
  type internalTransactionDetailSchema,
  type internalTransactionQuerySchema,
} from '@carabala/contracts';
import type { z } from 'zod';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { AppError } from '../../plugins/errors';
import { recordAudit } from '../audit/repository';
import { findMailBySource } from '../mailbox/repository';
import {
  findBankEvents,
  findBankEventsOfOrder,
  findOrderWithReceiver,
  findOrders,
  findUserByShortId,
  lockBankEvent,
  lockOrder,
  markOrderPaid,
  recordBankCredit,
  releaseLimits,
  updateBankEvent,
  type BankCreditOutcome,
  type BankEventRow,
} from '../store/repository';
import { enqueueOrderMail, insertOrderWithFreshCode, orderMailTitle, transactionNotFound } from '../store/service';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Hashing both sides first gives equal lengths, so the comparison takes the same time for any key. */
function sameSecret(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

export type WebhookOutcome =
  { kind: 'duplicate' } | { kind: 'recorded'; match: BankEventMatch; orderId: string | null; paid: boolean };

function toBankEvent(row: BankEventRow): BankEvent {
  return {
    id: row.id,
    provider: row.provider,
    providerId: row.providerId,
    orderId: row.orderId,
    amount: row.amount,
    transferType: row.transferType,
    accountNumber: row.accountNumber,
    content: row.content,
    referenceCode: row.referenceCode,
    match: row.match,
    transactionDate: row.transactionDate?.toISOString() ?? null,
    receivedAt: row.receivedAt.toISOString(),
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
    reviewNote: row.reviewNote,
    payload: row.payload,
  };
}

type OrderListRow = Awaited<ReturnType<typeof findOrders>>['items'][number];

function toInternalTransaction({ order, receiverShortId, receiverName, delivery }: OrderListRow): InternalTransaction {
  return {
    id: order.id,
    code: order.code,
    productId: order.productId,
    productTitle: order.productTitle,
    totalPrice: order.totalPrice,
    accumulatedAmount: order.accumulatedAmount,
    status: order.status,
    kind: order.kind,
    receiver: { id: order.receiverId, shortId: receiverShortId, displayName: receiverName },
    buyerId: order.buyerId,
    paidBy: order.paidBy,
    note: order.note,
    delivery,
    createdAt: order.createdAt.toISOString(),
    paidAt: order.paidAt?.toISOString() ?? null,
  };
}

export function createPaymentsService(db: Db, config: Config, onMailQueued: () => void = () => undefined) {
  return {
    /** The `Authorization: Apikey <key>` check of the bank feed, in constant time. */
    authorizeWebhook(header: string | undefined): boolean {
      const match = /^Apikey\s+(.+)$/i.exec(header?.trim() ?? '');
      return match !== null && sameSecret(match[1]!, config.SEPAY_API_KEY);
    },

    /** Records one bank-feed event and credits the order it names (see recordBankCredit). */
    async recordSepayEvent(raw: unknown): Promise<BankCreditOutcome> {
      const parsed = sepayWebhookSchema.safeParse(raw);
      if (!parsed.success) {
        throw new AppError(400, codes.validation, 'Dữ liệu giao dịch không hợp lệ.');
      }
      const event = parsed.data;
      const amount = event.transferAmount ?? 0;
      let preMatch: BankEventMatch | null = null;
      if (event.transferType !== 'in') preMatch = 'outgoing';
      else if (event.accountNumber !== config.BANK_ACCOUNT_NUMBER) preMatch = 'wrong_account';
      else if (amount <= 0) preMatch = 'invalid';
      const outcome = await recordBankCredit(db, {
        provider: 'sepay',
        providerId: event.id,
        amount,
        transferType: event.transferType,
        accountNumber: event.accountNumber,
        content: event.content,
        referenceCode: event.referenceCode,
        transactionDate: parseSepayDate(event.transactionDate),
        payload: raw,
        codes: preMatch ? [] : findOrderCodes(config.ORDER_CODE_PREFIX, event),
        preMatch,
        mailTitlePrefix: orderMailTitle(''),
      });
      if (outcome.kind === 'recorded' && outcome.paid) onMailQueued();
      return outcome;
    },

    async findTransactions(query: z.infer<typeof internalTransactionQuerySchema>): Promise<Paged<InternalTransaction>> {
      const { page, pageSize, ...filter } = query;
      const { items, total } = await findOrders(db, filter, page, pageSize);
      return { items: items.map(toInternalTransaction), total, page, pageSize };
    },

    async getTransaction(id: string): Promise<z.infer<typeof internalTransactionDetailSchema>> {
      if (!UUID.test(id)) throw transactionNotFound();
      const row = await findOrderWithReceiver(db, id.toLowerCase());
      if (!row) throw transactionNotFound();
      const [events, mail] = await Promise.all([
        findBankEventsOfOrder(db, row.order.id),
        findMailBySource(db, 'order', row.order.id),
      ]);
      return {
        ...toInternalTransaction(row),
        bankEvents: events.map(toBankEvent),
        mail: mail
          ? {
              id: mail.id,
              status: mail.status,
              attempts: mail.attempts,
              lastError: mail.lastError,
              nextAttemptAt: mail.nextAttemptAt.toISOString(),
              deliveredAt: mail.deliveredAt?.toISOString() ?? null,
              items: mail.items,
            }
          : null,
      };
    },

    /** Staff mark an order paid by hand (money seen on the statement); its mail goes out once. */
    async markPaid(id: string, note: string, actorId: string): Promise<InternalTransaction> {
      if (!UUID.test(id)) throw transactionNotFound();
      await db.transaction(async (tx) => {
        const order = await lockOrder(tx, id.toLowerCase());
        if (!order) throw transactionNotFound();
        if (order.status === 'done') {
          throw new AppError(409, storeCodes.alreadyPaid, 'Giao dịch này đã hoàn tất trước đó.');
        }
        const paid = await markOrderPaid(tx, order.id, 'staff', note);
        const receiver = await findOrderWithReceiver(tx, order.id);
        await enqueueOrderMail(tx, paid, receiver!.receiverShortId);
        await recordAudit(tx, {
          actorId,
          action: 'transaction.mark_paid',
          targetType: 'order',
          targetId: order.id,
          detail: { note, code: order.code, accumulatedAmount: order.accumulatedAmount },
        });
      });
      onMailQueued();
      const row = await findOrderWithReceiver(db, id.toLowerCase());
      return toInternalTransaction(row!);
    },

    /** An admin grants a pack without payment; recorded as a paid manual order with its reason. */
    async createManual(
      body: z.infer<typeof createManualTransactionBodySchema>,
      actorId: string,
    ): Promise<InternalTransaction> {
      const product = findPurchasable(body.productId);
      if (!product) {
        throw new AppError(400, storeCodes.productNotFound, storeMessages.productNotFound, {
          productId: [storeMessages.productNotFound],
        });
      }
      const id = await db.transaction(async (tx) => {
        const receiver = await findUserByShortId(tx, body.shortId);
        if (!receiver) {
          throw new AppError(400, storeCodes.userNotFound, storeMessages.userNotFound, {
            shortId: [storeMessages.userNotFound],
          });
        }
        const order = await insertOrderWithFreshCode(tx, config.ORDER_CODE_PREFIX, {
          kind: 'manual',
          productId: product.productId,
          productTitle: product.title,
          totalPrice: product.price,
          items: product.items,
          receiverId: receiver.id,
          status: 'done',
          paidBy: 'grant',
          paidAt: new Date(),
          note: body.reason,
        });
        await enqueueOrderMail(tx, order, receiver.shortId);
        await recordAudit(tx, {
          actorId,
          action: 'transaction.create_manual',
          targetType: 'order',
          targetId: order.id,
          detail: { shortId: receiver.shortId, productId: product.productId, reason: body.reason },
        });
        return order.id;
      });
      onMailQueued();
      return toInternalTransaction((await findOrderWithReceiver(db, id))!);
    },

    /** Lets players buy this month's gold packs again (one player, or everyone). */
    async resetGoldPackages(shortId: string | undefined, actorId: string): Promise<{ released: number }> {
      return db.transaction(async (tx) => {
        let receiverId: string | undefined;
        if (shortId) {
          const receiver = await findUserByShortId(tx, shortId);
          if (!receiver) {
            throw new AppError(400, storeCodes.userNotFound, storeMessages.userNotFound, {
              shortId: [storeMessages.userNotFound],
            });
          }
          receiverId = receiver.id;
        }
        const { period } = purchaseLimitSlot(0, { kind: 'monthly', group: 'gold' }, new Date());
        const released = await releaseLimits(tx, 'gold:', period, receiverId);
        await recordAudit(tx, {
          actorId,
          action: 'transaction.reset_gold_packages',
          targetType: 'purchase_limit',
          targetId: shortId ?? null,
          detail: { period, released },
        });
        return { released };
      });
    },

    async findBankEvents(review: boolean, page: number, pageSize: number): Promise<Paged<BankEvent>> {
      const { items, total } = await findBankEvents(db, review, page, pageSize);
      return { items: items.map(toBankEvent), total, page, pageSize };
    },

    /** Staff close a bank event after handling it (refund, manual mark, …), with a note. */
    async resolveBankEvent(id: string, note: string, actorId: string): Promise<BankEvent> {
      if (!UUID.test(id)) throw new AppError(404, codes.error, 'Không tìm thấy giao dịch ngân hàng.');
      return db.transaction(async (tx) => {
        const event = await lockBankEvent(tx, id.toLowerCase());
        if (!event) throw new AppError(404, codes.error, 'Không tìm thấy giao dịch ngân hàng.');
        if (event.reviewedAt) throw new AppError(409, codes.error, 'Giao dịch này đã được xử lý trước đó.');
        const updated = await updateBankEvent(tx, event.id, {
          reviewedAt: new Date(),
          reviewedBy: actorId,
          reviewNote: note,
        });
        await recordAudit(tx, {
          actorId,
          action: 'bank_event.resolve',
          targetType: 'bank_event',
          targetId: event.id,
          detail: { note, match: event.match, amount: event.amount },
        });
        return toBankEvent(updated!);
      });
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
