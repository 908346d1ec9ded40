import { timingSafeEqual, createHash } from 'node:crypto';
import {
  codes,
  type BankFeedStatus,
  type DailyReport,
  type RefundBody,
  storeCodes,
  storeMessages,
  type BankEvent,
  type BankEventMatch,
  type InternalTransaction,
  type Paged,
  type TransactionFilter,
  TRANSACTION_EXPORT_LIMIT,
  type internalTransactionDetailSchema,
  type internalTransactionQuerySchema,
} from '@carabala/contracts';
import { purchaseLimitSlot } from '@carabala/contracts/catalogue';
import { vietnamTimestamp } from '@carabala/contracts/labels';
import type { z } from 'zod';
import { DEMO_SEPAY_API_KEY } from '../../config';
import { toPaged } from '../../db/paging';
import { csvFile } from '../../lib/csv';
import type { Config, Db } from '../../lib/deps';
import { isUuid } from '../../lib/ids';
import { PendingApproval } from '../../lib/reply';
import { AppError } from '../../plugins/errors';
import { recordAudit } from '../audit';
import type { MailboxService } from '../mailbox';
import { findUserByShortId } from '../users';
import { paymentsMessages as m } from './messages';
import { findOrderCodes } from './order-codes';
import { parseSepayDate, sepayWebhookSchema } from './sepay';
import {
  bankEventNotFound,
  createStaffMoneyActions,
  creditedPart,
  transactionNotFound,
  userNotFound,
} from './staff-actions';
import {
  creditMoney,
  findBankEvent,
  findBankEvents,
  findBankEventsOfOrder,
  findEventsReceivedBetween,
  findFeedState,
  findOrderIdByCode,
  findOrders,
  findOrderWithReceiver,
  findRefundsOfEvents,
  heldPaymentsSince,
  lockBankEvent,
  moneyFigures,
  paidOrdersSince,
  releaseLimits,
  sumRefunds,
  updateBankEvent,
  type BankEventRow,
  type CreditOutcome,
  type NewBankEvent,
} from './repository';

/** Hashing both sides first gives equal lengths, so the comparison takes the same time for any key. */
function sameSecret(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

function toBankEvent({
  event: row,
  refunded,
  orderStatus,
}: {
  event: BankEventRow;
  refunded: number;
  orderStatus: string | null;
}): BankEvent {
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

type OrderListRow = Awaited<ReturnType<typeof findOrders>>['items'][number];

/** What every view of an order shows: the pack, the money, its state, its delivery and refunds. */
export function orderSummary({ order, delivery, refunded }: OrderListRow) {
  return {
    id: order.id,
    code: order.code,
    productId: order.productId,
    productTitle: order.productTitle,
    totalPrice: order.totalPrice,
    accumulatedAmount: order.accumulatedAmount,
    status: order.status,
    delivery,
    refundedAmount: refunded,
    createdAt: order.createdAt.toISOString(),
    paidAt: order.paidAt?.toISOString() ?? null,
  };
}

function toInternalTransaction(row: OrderListRow): InternalTransaction {
  const { order } = row;
  return {
    ...orderSummary(row),
    kind: order.kind,
    receiver: { id: order.receiverId, shortId: row.receiverShortId, displayName: row.receiverName },
    buyerId: order.buyerId,
    paidBy: order.paidBy,
    note: order.note,
  };
}

const orderStatusLabels: Record<InternalTransaction['status'], string> = {
  initial: 'Chờ thanh toán',
  done: 'Đã thanh toán',
  held: 'Tạm giữ: đã đạt giới hạn',
  cancelled: 'Đã hủy',
};

const csvColumns: [string, (t: InternalTransaction) => string | number | null][] = [
  ['Mã giao dịch', (t) => t.id],
  ['Nội dung chuyển khoản', (t) => t.code],
  ['Trạng thái', (t) => orderStatusLabels[t.status]],
  ['Loại', (t) => (t.kind === 'manual' ? 'Tặng thủ công' : 'Chuyển khoản')],
  ['Mã gói', (t) => t.productId],
  ['Gói', (t) => t.productTitle],
  ['Giá (đ)', (t) => t.totalPrice],
  ['Đã nhận (đ)', (t) => t.accumulatedAmount],
  ['Đã hoàn (đ)', (t) => t.refundedAmount],
  ['User ID nhận', (t) => t.receiver.shortId],
  ['Người nhận', (t) => t.receiver.displayName],
  ['Thanh toán bởi', (t) => t.paidBy],
  ['Giao thư', (t) => t.delivery],
  ['Tạo lúc (giờ VN)', (t) => vietnamTimestamp(t.createdAt)],
  ['Thanh toán lúc (giờ VN)', (t) => (t.paidAt ? vietnamTimestamp(t.paidAt) : null)],
  ['Ghi chú', (t) => t.note],
];

/** The filtered orders as CSV (UTF-8 with a BOM, so that Excel shows the Vietnamese letters). */
function transactionsCsv(rows: InternalTransaction[]): string {
  return csvFile([csvColumns.map(([title]) => title), ...rows.map((row) => csvColumns.map(([, value]) => value(row)))]);
}

const alreadyHandled = () => new AppError(409, codes.error, m.alreadyHandled);

/** Cuts a bank text to its column; the whole value stays in the raw payload. */
const cut = (value: string | null, length: number) => (value === null ? null : value.slice(0, length));

/** jsonb cannot hold NUL either: the payload keeps it written out as the text \u0000. */
function storablePayload(raw: unknown): unknown {
  return JSON.parse(JSON.stringify(raw).replace(/\\u0000/g, '\\\\u0000'));
}

/** What makes a webhook event and a pulled transaction the same transfer (decision record 007). */
export function transferKey(transfer: {
  transferType: string | null;
  accountNumber: string | null;
  referenceCode: string | null;
  amount: number;
}): string | null {
  if (transfer.transferType !== 'in' || !transfer.referenceCode || !transfer.accountNumber) return null;
  return `${transfer.accountNumber}|${transfer.referenceCode}|${transfer.amount}`;
}

/** One incoming or outgoing transfer, from the webhook or from the pulled list. */
export interface BankTransfer {
  provider: 'sepay' | 'sepay-api';
  providerId: string;
  amount: number | null;
  transferType: string | null;
  accountNumber: string | null;
  code: string | null;
  content: string | null;
  description: string | null;
  referenceCode: string | null;
  transactionDate: string | null;
  payload: unknown;
}

export interface PaymentsDeps {
  db: Db;
  config: Config;
  /** Asks the outbox worker for a batch now: a paid order's mail was written. */
  onMailQueued: () => void;
  /** The mailbox's answer: where the mail an order earned stands. */
  mailDelivery: MailboxService['deliveryOf'];
}

export function createPaymentsService({ db, config, onMailQueued, mailDelivery }: PaymentsDeps) {
  const mailTitlePrefix = m.orderMailTitle('');
  const staffActions = createStaffMoneyActions({ db, config, onMailQueued });

  /** Stores one transfer and credits the order it names; a transfer already stored is a no-op. */
  async function recordTransfer(transfer: BankTransfer): Promise<CreditOutcome> {
    const amount = transfer.amount ?? 0;
    const transferType = cut(transfer.transferType, 10);
    const accountNumber = cut(transfer.accountNumber, 40);
    const referenceCode = cut(transfer.referenceCode, 100);
    let preMatch: BankEventMatch | null = null;
    if (transfer.transferType !== 'in') preMatch = 'outgoing';
    else if (transfer.accountNumber !== config.BANK_ACCOUNT_NUMBER) preMatch = 'wrong_account';
    else if (amount <= 0) preMatch = 'invalid';
    const event: NewBankEvent = {
      provider: transfer.provider,
      providerId: cut(transfer.providerId, 40)!,
      amount,
      transferType,
      accountNumber,
      content: transfer.content,
      referenceCode,
      transactionDate: parseSepayDate(transfer.transactionDate),
      payload: storablePayload(transfer.payload),
      transferKey: transferKey({ transferType: transfer.transferType, accountNumber, referenceCode, amount }),
      preMatch,
    };
    const outcome = await creditMoney(db, {
      target: { codes: preMatch ? [] : findOrderCodes(config.ORDER_CODE_PREFIX, transfer) },
      amount: preMatch ? 0 : amount,
      paidBy: 'bank',
      event,
      mailTitlePrefix,
    });
    if (outcome.kind === 'recorded' && outcome.paid) onMailQueued();
    return outcome;
  }

  /** An order with its receiver, delivery and refunds; an unknown or malformed id is not found. */
  async function findOrder(id: string) {
    const row = isUuid(id) ? await findOrderWithReceiver(db, id.toLowerCase()) : undefined;
    if (!row) throw transactionNotFound();
    return row;
  }

  return {
    recordTransfer,

    /**
     * The `Authorization: Apikey <key>` check of the bank feed, in constant time. The documented
     * demo key opens nothing outside demo mode.
     */
    authorizeWebhook(header: string | undefined): boolean {
      if (config.SEPAY_API_KEY === DEMO_SEPAY_API_KEY && !config.DEMO_MODE) return false;
      const match = /^Apikey\s+(.+)$/i.exec(header?.trim() ?? '');
      return match !== null && sameSecret(match[1]!, config.SEPAY_API_KEY);
    },

    /** Records one bank-feed event (strictly parsed: a body that cannot be read is refused whole). */
    async recordSepayEvent(raw: unknown): Promise<CreditOutcome> {
      const parsed = sepayWebhookSchema.safeParse(raw);
      if (!parsed.success) {
        throw new AppError(400, codes.validation, m.badWebhookBody);
      }
      const event = parsed.data;
      return recordTransfer({
        provider: 'sepay',
        providerId: event.id,
        amount: event.transferAmount,
        transferType: event.transferType,
        accountNumber: event.accountNumber,
        code: event.code,
        content: event.content,
        description: event.description,
        referenceCode: event.referenceCode,
        transactionDate: event.transactionDate,
        payload: raw,
      });
    },

    async exportTransactions(filter: TransactionFilter): Promise<string> {
      const { items } = await findOrders(db, filter, { page: 1, pageSize: TRANSACTION_EXPORT_LIMIT });
      return transactionsCsv(items.map(toInternalTransaction));
    },

    async findTransactions(query: z.infer<typeof internalTransactionQuerySchema>): Promise<Paged<InternalTransaction>> {
      const { page, pageSize, ...filter } = query;
      return toPaged(query, await findOrders(db, filter, { page, pageSize }), toInternalTransaction);
    },

    findOrder,

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

    /** Mark an order paid by hand; a large one answers a pending approval instead. */
    async markPaid(id: string, note: string, actorId: string): Promise<InternalTransaction | PendingApproval> {
      const done = await staffActions.markPaid(id, note, actorId);
      if (done instanceof PendingApproval) return done;
      return toInternalTransaction((await findOrderWithReceiver(db, done))!);
    },

    /** A pack granted by hand: always a request a second admin approves. */
    createManual: staffActions.createManual,

    /** Money sent back from a bank event; a large refund answers a pending approval instead. */
    async refundBankEvent(id: string, body: RefundBody, actorId: string) {
      const done = await staffActions.refundBankEvent(id, body, actorId);
      return done instanceof PendingApproval ? done : toRefund(done);
    },

    /** Lets players buy this month's gold packs again (one player, or everyone). */
    async resetGoldPackages(shortId: string | undefined, actorId: string): Promise<{ released: number }> {
      return db.transaction(async (tx) => {
        let receiverId: string | undefined;
        if (shortId) {
          const receiver = await findUserByShortId(tx, shortId);
          if (!receiver) throw userNotFound();
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

    async findBankEvents(review: boolean, query: { page: number; pageSize: number }): Promise<Paged<BankEvent>> {
      return toPaged(query, await findBankEvents(db, review, query), toBankEvent);
    },

    moneyFigures: () => moneyFigures(db),
    paidOrdersSince: (userId: string, since: Date) => paidOrdersSince(db, userId, since),
    heldPaymentsSince: (userId: string, since: Date) => heldPaymentsSince(db, userId, since),

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
     * transaction id), through the one credit operation, and close the event with the note.
     */
    async attachBankEvent(id: string, target: string, note: string, actorId: string): Promise<BankEvent> {
      if (!isUuid(id)) throw bankEventNotFound();
      const orderNotFound = () =>
        new AppError(404, codes.error, storeMessages.transactionNotFound, {
          code: [storeMessages.transactionNotFound],
        });
      const outcome = await db.transaction(async (tx) => {
        const event = await lockBankEvent(tx, id.toLowerCase());
        if (!event) throw bankEventNotFound();
        if (event.reviewedAt) throw alreadyHandled();
        if (event.match !== 'unmatched' || event.orderId) {
          throw new AppError(409, codes.error, m.attachOnlyUnmatched);
        }
        if ((await sumRefunds(tx, event.id)) > 0) {
          throw new AppError(409, codes.error, m.attachAfterRefund);
        }
        const orderId = isUuid(target) ? target.toLowerCase() : await findOrderIdByCode(tx, target.toUpperCase());
        if (!orderId) throw orderNotFound();
        const credited = await creditMoney(tx, {
          target: { orderId },
          amount: event.amount,
          paidBy: 'bank',
          mailTitlePrefix,
        });
        if (credited.kind !== 'recorded' || !credited.orderId) throw orderNotFound();
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
          },
        });
        return credited;
      });
      if (outcome.paid) onMailQueued();
      return toBankEvent((await findBankEvent(db, id.toLowerCase()))!);
    },

    /**
     * Money in on one Vietnam-time day: every incoming event is credited (paid for a pack), held
     * (waits for review) or refunded, and the three add up to the đồng. An event whose parts do not
     * fit its amount or its order is listed with the reason.
     */
    async dailyReport(date: string): Promise<DailyReport> {
      const from = new Date(`${date}T00:00:00+07:00`);
      const to = new Date(from.getTime() + 86_400_000);
      const rows = await findEventsReceivedBetween(db, from, to);
      const totals = { moneyIn: 0, credited: 0, held: 0, refunded: 0 };
      const events = rows
        .filter(({ event }) => event.transferType === 'in')
        .map((row) => {
          const { event, refunded } = row;
          const credited = creditedPart(event, row.orderStatus);
          const held = event.amount - credited - refunded;
          let problem: string | null = null;
          if (credited > event.amount) problem = m.problems.creditedTooMuch;
          else if (held < 0) problem = m.problems.refundedTooMuch;
          else if (credited > 0 && !row.orderStatus) problem = m.problems.creditedMissingOrder;
          else if (event.match === 'credited' && event.creditedAmount !== event.amount) {
            problem = m.problems.creditMismatch;
          }
          totals.moneyIn += event.amount;
          totals.credited += credited;
          totals.held += held;
          totals.refunded += refunded;
          const { payload: _payload, ...shown } = toBankEvent(row);
          return { ...shown, orderCode: row.orderCode, problem };
        });
      const balanced =
        events.every((event) => event.problem === null) &&
        totals.moneyIn === totals.credited + totals.held + totals.refunded;
      return { date, ...totals, balanced, events };
    },

    async dailyReportCsv(date: string): Promise<string> {
      const report = await this.dailyReport(date);
      return csvFile([
        ['Ngày (giờ VN)', 'Tiền vào (đ)', 'Đã ghi có (đ)', 'Tạm giữ (đ)', 'Đã hoàn (đ)', 'Khớp'],
        [date, report.moneyIn, report.credited, report.held, report.refunded, report.balanced ? 'Có' : 'Không'],
        [],
        [
          'Mã sự kiện',
          'Nguồn',
          'Mã ngân hàng',
          'Nhận lúc (giờ VN)',
          'Số tiền (đ)',
          'Ghi có (đ)',
          'Tạm giữ (đ)',
          'Đã hoàn (đ)',
          'Kết quả',
          'Mã đơn',
          'Vấn đề',
        ],
        ...report.events.map((event) => [
          event.id,
          event.provider,
          event.referenceCode,
          vietnamTimestamp(event.receivedAt),
          event.amount,
          event.creditedAmount,
          event.heldAmount,
          event.refundedAmount,
          event.match,
          event.orderCode,
          event.problem,
        ]),
      ]);
    },

    async recordFeedRun(actorId: string): Promise<void> {
      await recordAudit(db, { actorId, action: 'bank_feed.run', targetType: 'bank_feed', targetId: null, detail: {} });
    },

    async bankFeedStatus(feed: { enabled: boolean; everyMinutes: number }): Promise<BankFeedStatus> {
      const state = await findFeedState(db);
      return {
        enabled: feed.enabled,
        everyMinutes: feed.everyMinutes,
        running: Boolean(state?.leaseUntil && state.leaseUntil > new Date()),
        lastStartedAt: state?.lastStartedAt?.toISOString() ?? null,
        lastFinishedAt: state?.lastFinishedAt?.toISOString() ?? null,
        lastSeen: state?.lastSeen ?? 0,
        lastRecorded: state?.lastRecorded ?? 0,
        lastError: state?.lastError ?? null,
      };
    },
  };
}

function toRefund(refund: {
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

export type PaymentsService = ReturnType<typeof createPaymentsService>;
