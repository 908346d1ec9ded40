import { codes, type OrderCharacter, type RefundBody } from '@carabala/contracts';
import { formatItems, formatVnd, itemLabel } from '@carabala/contracts/labels';
import type { Tx } from '../../lib/deps';
import { AppError } from '../../plugins/errors';
import { requestApproval } from '../approvals';
import type { ProductOnSale } from '../catalogue';
import { itemNames, unknownOrUnlisted } from '../game';
import type { OrderListRow } from '../orders';
import type { BankEventRow } from './bank-events-repository';
import { paymentsMessages as m } from './messages';
import { characterText } from '../../lib/sentences';

// The requests the staff's money actions make when they wait for a second admin (decision record
// 030): each stores the exact effect its applier carries out, with the sentence staff search and read.

const receiverOf = (row: OrderListRow) => ({
  id: row.order.receiverId,
  displayName: row.receiverName,
  shortId: row.receiverShortId,
});

export function requestMarkPaid(tx: Tx, row: OrderListRow, note: string, actorId: string) {
  const { order } = row;
  return requestApproval(tx, {
    effect: {
      kind: 'order.mark_paid',
      orderId: order.id,
      orderCode: order.code,
      title: order.productTitle,
      amount: order.totalPrice,
      receiver: receiverOf(row),
      note,
    },
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

/**
 * A grant stores what the product holds now: its items, price, titles and whether players can buy it.
 * A pack naming an item the game no longer lists is refused: the game would not deliver it.
 */
export async function requestGrant(
  tx: Tx,
  product: ProductOnSale,
  receiver: { id: string; displayName: string; shortId: string },
  character: OrderCharacter | null,
  reason: string,
  actorId: string,
) {
  const names = await itemNames(tx);
  const unlisted = await unknownOrUnlisted(
    tx,
    product.items.map((item) => item.itemId),
  );
  if (unlisted.length > 0) {
    const message = m.grantUnlistedItems(unlisted.map((id) => itemLabel(id, names)).join(', '));
    throw new AppError(400, codes.validation, message, { productId: [message] });
  }
  return requestApproval(tx, {
    effect: {
      kind: 'order.grant',
      receiver: { id: receiver.id, displayName: receiver.displayName, shortId: receiver.shortId },
      productId: product.productId,
      packId: product.packId,
      packTitle: product.packTitle,
      choice: product.title === product.packTitle ? null : product.title,
      title: product.title,
      price: product.price,
      items: product.items,
      tab: product.tab,
      thumbnail: product.thumbnail,
      onSale: product.onSale,
      character,
      reason,
    },
    summary: m.grantSummary(
      product.title,
      formatVnd(product.price),
      formatItems(product.items, names),
      receiver.displayName,
      receiver.shortId,
      character ? characterText(character) : null,
    ),
    reason,
    amount: product.price,
    requestedBy: actorId,
  });
}

export function requestRefund(tx: Tx, event: BankEventRow, body: RefundBody, actorId: string) {
  const content = event.content ?? '';
  return requestApproval(tx, {
    effect: {
      kind: 'bank_event.refund',
      bankEventId: event.id,
      amount: body.amount,
      received: event.amount,
      content,
      bankReference: body.bankReference,
      reason: body.reason,
    },
    summary: m.refundSummary(formatVnd(body.amount), formatVnd(event.amount), content, body.bankReference),
    reason: body.reason,
    amount: body.amount,
    requestedBy: actorId,
  });
}

export function requestAttach(tx: Tx, event: BankEventRow, row: OrderListRow, note: string, actorId: string) {
  const { order } = row;
  const content = event.content ?? '';
  return requestApproval(tx, {
    effect: {
      kind: 'bank_event.attach',
      bankEventId: event.id,
      amount: event.amount,
      content,
      orderId: order.id,
      orderCode: order.code,
      title: order.productTitle,
      receiver: receiverOf(row),
      note,
    },
    summary: m.attachSummary(
      formatVnd(event.amount),
      content,
      order.code,
      order.productTitle,
      row.receiverName,
      row.receiverShortId,
    ),
    reason: note,
    amount: event.amount,
    requestedBy: actorId,
  });
}
