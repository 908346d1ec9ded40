import { purchaseLimitSlot } from '@carabala/contracts/catalogue';
import { and, eq } from 'drizzle-orm';
import { findProductOnSale, orderSnapshot } from '../../modules/catalogue';
import { insertOrderWithFreshCode } from '../../modules/orders';
import { creditMoney, paymentsMessages } from '../../modules/payments';
import type { Tx } from '../client';
import { bankEvents, mails, users } from '../schema';

/** Two orders of player1 for the history page: one paid and delivered, one waiting for the transfer. */
export async function seedStore(tx: Tx, orderCodePrefix = 'CRB') {
  const [player] = await tx.select().from(users).where(eq(users.username, 'player1')).limit(1);
  if (!player) return;
  const paidProduct = (await findProductOnSale(tx, 101, new Date()))!;
  const paidAt = new Date(Date.now() - 2 * 86_400_000);
  const paid = await insertOrderWithFreshCode(tx, orderCodePrefix, {
    ...orderSnapshot(paidProduct),
    accumulatedAmount: paidProduct.price,
    receiverId: player.id,
    buyerId: player.id,
    status: 'done',
    paidBy: 'bank',
    paidAt,
    createdAt: new Date(paidAt.getTime() - 5 * 60_000),
  });
  await tx.insert(bankEvents).values({
    provider: 'sepay',
    providerId: 'demo-1',
    orderId: paid.id,
    amount: paid.totalPrice,
    transferType: 'in',
    accountNumber: '0123456789',
    content: `MBVCB.3278907687.${paid.code}.CT tu 0011004123456 NGUYEN MINH ANH`,
    referenceCode: 'FT3278907687',
    match: 'credited',
    creditedAmount: paid.totalPrice,
    transactionDate: paidAt,
    receivedAt: paidAt,
    payload: { id: 'demo-1', content: paid.code, transferType: 'in', transferAmount: paid.totalPrice },
  });
  await tx.insert(mails).values({
    receiverId: player.id,
    receiverShortId: player.shortId,
    title: `Quà nạp: ${paid.productTitle}`,
    items: paid.items,
    source: 'order',
    sourceId: paid.id,
    status: 'delivered',
    attempts: 1,
    // Queued when the money arrived, taken by the game a few seconds later.
    createdAt: paidAt,
    nextAttemptAt: paidAt,
    deliveredAt: new Date(paidAt.getTime() + 3_000),
  });
  const waiting = (await findProductOnSale(tx, 602, new Date()))!;
  await insertOrderWithFreshCode(tx, orderCodePrefix, {
    ...orderSnapshot(waiting),
    receiverId: player.id,
    buyerId: player.id,
  });
}

/**
 * player2's once-a-day weekend pack, as the one credit operation leaves it: one order paid, a
 * second placed at the same moment and so cancelled, and a third that slipped past the store's
 * check and was paid after the limit was reached, so its money is held ("limit reached").
 */
export async function seedLimitedOrders(tx: Tx, orderCodePrefix = 'CRB') {
  const [player] = await tx.select().from(users).where(eq(users.username, 'player2')).limit(1);
  if (!player) return;
  const product = (await findProductOnSale(tx, 204, new Date()))!;
  const slot = purchaseLimitSlot(product.productId, product.limit!, new Date());
  const place = () =>
    insertOrderWithFreshCode(tx, orderCodePrefix, {
      ...orderSnapshot(product),
      receiverId: player.id,
      buyerId: player.id,
      limitKey: slot.key,
      limitPeriod: slot.period,
    });
  const pay = (code: string, reference: string) =>
    creditMoney(tx, {
      target: { codes: [code] },
      amount: product.price,
      paidBy: 'bank',
      mailTitlePrefix: paymentsMessages.orderMailTitlePrefix,
      event: {
        provider: 'sepay',
        providerId: `demo-${reference}`,
        amount: product.price,
        transferType: 'in',
        accountNumber: '0123456789',
        content: `MBVCB.${reference}.${code}.CT tu 0011004123456 TRAN BAO NGOC`,
        referenceCode: `FT${reference}`,
        transactionDate: new Date(),
        payload: { id: `demo-${reference}`, content: code, transferType: 'in', transferAmount: product.price },
        transferKey: `0123456789|FT${reference}|${product.price}`,
        preMatch: null,
      },
    });
  const paid = await place();
  await place();
  await pay(paid.code, '3278907701');
  // Taken by the game as soon as it was queued.
  await tx
    .update(mails)
    .set({ status: 'delivered', attempts: 1, deliveredAt: new Date() })
    .where(and(eq(mails.source, 'order'), eq(mails.sourceId, paid.id)));
  const held = await place();
  await pay(held.code, '3278907702');
}
