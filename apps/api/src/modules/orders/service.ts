import {
  codes,
  storeCodes,
  storeMessages,
  type InternalTransaction,
  type OrderGrant,
  type OrderReceipt,
  type Paged,
  type TransactionFilter,
  TRANSACTION_EXPORT_LIMIT,
  type internalTransactionQuerySchema,
} from '@carabala/contracts';
import { purchaseLimitSlot } from '@carabala/contracts/catalogue';
import { vietnamTimestamp } from '@carabala/contracts/labels';
import type { z } from 'zod';
import { toPaged } from '../../db/paging';
import { csvFile } from '../../lib/csv';
import type { Db } from '../../lib/deps';
import { isUuid } from '../../lib/ids';
import { AppError } from '../../plugins/errors';
import { recordAudit } from '../audit';
import { findPlayer, findUserByShortId } from '../users';
import {
  findOrderByCode,
  findOrderTransfers,
  findOrders,
  findOrderWithReceiver,
  ordersAwaitingPayment,
  paidOrdersSince,
  releaseLimits,
} from './repository';
import { characterText, text } from '../../lib/sentences';

export const transactionNotFound = () => new AppError(404, codes.error, storeMessages.transactionNotFound);
export const userNotFound = () =>
  new AppError(400, storeCodes.userNotFound, storeMessages.userNotFound, { shortId: [storeMessages.userNotFound] });

export type OrderListRow = Awaited<ReturnType<typeof findOrders>>['items'][number];

/** What every view of an order shows: the pack, the money, its state, its delivery and refunds. */
export function orderSummary({ order, delivery, refunded }: OrderListRow) {
  return {
    id: order.id,
    code: order.code,
    kind: order.kind,
    productId: order.productId,
    productTitle: order.productTitle,
    packId: order.packId,
    packTab: order.packTab,
    thumbnail: order.thumbnail,
    totalPrice: order.totalPrice,
    accumulatedAmount: order.accumulatedAmount,
    status: order.status,
    delivery,
    refundedAmount: refunded,
    createdAt: order.createdAt.toISOString(),
    paidAt: order.paidAt?.toISOString() ?? null,
    character: order.character ?? null,
  };
}

/** A staff grant's requester and approver (either null once their account is gone); null for a bought order. */
export function grantOf(row: OrderListRow): OrderGrant | null {
  if (row.order.kind !== 'manual') return null;
  return { requester: row.grantRequester, approver: row.grantApprover };
}

/** The staff's view of an order. */
export function toInternalTransaction(row: OrderListRow): InternalTransaction {
  const { order } = row;
  return {
    ...orderSummary(row),
    receiver: { id: order.receiverId, shortId: row.receiverShortId, displayName: row.receiverName },
    buyer:
      order.buyerId && row.buyerShortId
        ? { id: order.buyerId, shortId: row.buyerShortId, displayName: row.buyerName ?? '' }
        : null,
    grant: grantOf(row),
    paidBy: order.paidBy,
    note: order.note,
  };
}

const memberLabel = (member: { displayName: string; shortId: string } | null | undefined) =>
  member ? `${member.displayName} (ID: ${member.shortId})` : null;

/** Each column: its header's key (server.ordersCsv) and its value. */
const csvColumns: [string, (t: InternalTransaction) => string | number | null][] = [
  ['id', (t) => t.id],
  ['code', (t) => t.code],
  ['status', (t) => text(`adminPayments.status.${t.status}`)],
  ['kind', (t) => text(`adminPayments.kind.${t.kind}`)],
  ['productId', (t) => t.productId],
  ['product', (t) => t.productTitle],
  ['price', (t) => t.totalPrice],
  ['received', (t) => t.accumulatedAmount],
  ['refunded', (t) => t.refundedAmount],
  ['receiverId', (t) => t.receiver.shortId],
  ['receiver', (t) => t.receiver.displayName],
  ['character', (t) => (t.character ? characterText(t.character) : null)],
  ['paidBy', (t) => (t.paidBy ? text(`adminPayments.paidBy.${t.paidBy}`) : null)],
  ['delivery', (t) => text(`adminPayments.delivery.${t.delivery ?? 'none'}`)],
  ['createdAt', (t) => vietnamTimestamp(t.createdAt)],
  ['paidAt', (t) => (t.paidAt ? vietnamTimestamp(t.paidAt) : null)],
  ['note', (t) => t.note],
  // Added last, so that the columns finance already reads keep their places.
  ['grantRequester', (t) => memberLabel(t.grant?.requester)],
  ['grantApprover', (t) => memberLabel(t.grant?.approver)],
];

/** The filtered orders as CSV: Vietnamese headers (server.ordersCsv) and the console's Vietnamese labels for every state. */
function transactionsCsv(rows: InternalTransaction[]): string {
  const header = csvColumns.map(([key]) => text(`server.ordersCsv.${key}`));
  return csvFile([header, ...rows.map((row) => csvColumns.map(([, value]) => value(row)))]);
}

/** The orders' back office: find, export, reset limits; and the reads other modules are handed. */
export function createOrdersService({ db }: { db: Db }) {
  /** An order with its receiver, delivery and refunds; an unknown or malformed id is not found. */
  async function findOrder(id: string) {
    const row = isUuid(id) ? await findOrderWithReceiver(db, id.toLowerCase()) : undefined;
    if (!row) throw transactionNotFound();
    return row;
  }

  return {
    findOrder,

    /**
     * An order's receipt, for its buyer, and for its receiver once it is paid (anyone may start an
     * order for any User ID, as the history has it). Anyone else gets the answer of a missing code,
     * so codes cannot be probed.
     */
    async receipt(code: string, userId: string): Promise<Omit<OrderReceipt, 'held'>> {
      const row = await findOrderByCode(db, code.trim().toUpperCase());
      const bought = row?.order.buyerId === userId;
      const received = row?.order.receiverId === userId && row.order.paidAt !== null;
      if (!row || (!bought && !received)) throw transactionNotFound();
      const { order } = row;
      const [buyer, transfers] = await Promise.all([
        order.buyerId ? findPlayer(db, order.buyerId) : undefined,
        findOrderTransfers(db, order.id),
      ]);
      return {
        ...orderSummary(row),
        items: order.items,
        bonusItems: order.bonusItems ?? [],
        receiver: { shortId: row.receiverShortId, displayName: row.receiverName, avatar: row.receiverAvatar },
        buyer: buyer ? { shortId: buyer.shortId, displayName: buyer.displayName } : null,
        role: order.buyerId === order.receiverId ? 'both' : bought ? 'bought' : 'received',
        transfers,
      };
    },

    async exportTransactions(filter: TransactionFilter): Promise<string> {
      const { items } = await findOrders(db, filter, { page: 1, pageSize: TRANSACTION_EXPORT_LIMIT });
      return transactionsCsv(items.map(toInternalTransaction));
    },

    async findTransactions(query: z.infer<typeof internalTransactionQuerySchema>): Promise<Paged<InternalTransaction>> {
      const { page, pageSize, ...filter } = query;
      return toPaged(query, await findOrders(db, filter, { page, pageSize }), toInternalTransaction);
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

    paidOrdersSince: (userId: string, since: Date) => paidOrdersSince(db, userId, since),

    /** The orders waiting for money now (the bank-feed alert and the health board). */
    awaitingPayment: () => ordersAwaitingPayment(db),
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
