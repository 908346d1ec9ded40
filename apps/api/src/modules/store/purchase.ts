import { storeCodes, storeMessages, type PackLimits, type PurchaseBody } from '@carabala/contracts';
import type { Quote } from '@carabala/contracts';
import { purchaseLimitResetsAt, type PurchaseLimit } from '@carabala/contracts/catalogue';
import { vietnamHourDay } from '@carabala/contracts/labels';
import type { Config, Db } from '../../lib/deps';
import type { AuthUser } from '../../plugins/auth';
import { AppError } from '../../plugins/errors';
import type { Words } from '../../lib/sentences';
import {
  findProductOnSale,
  findProductsOnSale,
  lockPackForSale,
  orderSnapshot,
  type ProductOnSale,
} from '../catalogue';
import {
  countGuestOpenOrders,
  countLimitUsesBySlot,
  findOpenOrderOfPack,
  insertOrderWithFreshCode,
  lockReceiverOrders,
} from '../orders';
import { resolveCharacter, type GamePlayers } from '../game';
import { limitSlotOf, quoteInputsOf, quoteProduct, type PromotionQuoteInputs, type TierQuoteInputs } from './quote';
import type { ReceiverBudget } from './receiver-budget';

/**
 * The phone policy's `buy` gate (the phone module's, handed in by services.ts): refuses an account whose
 * phone is not verified; `receiverShortId` when the account is a guest order's receiver, not the buyer.
 */
export type PhoneCheck = (userId: string, receiverShortId: string | null) => Promise<void>;

export const shortIdRefusal = (code: string, message: Words) =>
  new AppError(400, code, message, { shortId: [message] });

/** The refusal of a receiver who has used the period's purchases, saying when they may buy again. */
function limitRefusal(product: ProductOnSale, shortId: string, now: Date) {
  const resetsAt = purchaseLimitResetsAt(product.limit!, now, product.window.end);
  return shortIdRefusal(
    storeCodes.productLimited,
    resetsAt
      ? storeMessages.productLimited(shortId, vietnamHourDay(resetsAt))
      : storeMessages.productLimitedForGood(shortId),
  );
}

/** A guest's order of a pack with a stock holds its unit, and can be paid, for GUEST_STOCK_HOLD_MINUTES only. */
function paymentMinutes(config: Config, product: ProductOnSale, buyer: AuthUser | null) {
  return product.stock !== null && !buyer
    ? Math.min(config.GUEST_STOCK_HOLD_MINUTES, config.ORDER_PAYMENT_MINUTES)
    : config.ORDER_PAYMENT_MINUTES;
}

/**
 * Creates an unpaid order for the receiving player: the price (the sale price while the sale runs),
 * the contents and the card come from the published catalogue only, and the order keeps them as they
 * are now, whatever the catalogue becomes. Before the receiver is read, the order spends the naming
 * budget (a new User ID) and, for a guest, one of the address's guest orders. The receiver's character
 * is the one chosen, or their only one (resolveCharacter), kept on the order. A limited product is
 * refused once the receiver has used the period's purchases (checked again when paid). Under the
 * receiver's lock: a receiver has at most GUEST_OPEN_ORDERS_PER_RECEIVER open guest orders, and at
 * most one open order of a pack with a stock (the signed-in buyer who made it gets it back, anyone
 * else is refused); the stock is counted under the pack's row lock (decision record 041).
 */
export async function placeOrder(
  deps: {
    db: Db;
    config: Config;
    budget: ReceiverBudget;
    players: GamePlayers;
    promotions: PromotionQuoteInputs;
    requirePhone: PhoneCheck;
    tiers: TierQuoteInputs;
  },
  body: PurchaseBody,
  buyer: AuthUser | null,
  ip: string,
): Promise<{ id: string; reopened: boolean }> {
  const { db, budget, requirePhone } = deps;
  const now = new Date();
  const product = await findProductOnSale(db, body.productId, now);
  if (!product) throw shortIdRefusal(storeCodes.productNotFound, storeMessages.productNotFound);
  // The phone policy (decision record 057): a signed-in buyer's own phone; a guest's order, its receiver's.
  if (buyer) await requirePhone(buyer.id, null);
  const releaseGuestOrder = buyer ? null : await budget.guestOrder(ip);
  try {
    await budget.order(ip, buyer, body.shortId);
    return await placeFor(deps, product, body, buyer, now);
  } catch (error) {
    await releaseGuestOrder?.();
    throw error;
  }
}

/** The refusal a quote gives. */
function refusalOf(offer: Quote, product: ProductOnSale, shortId: string, now: Date) {
  if (offer.refusal === 'limit_reached') return limitRefusal(product, shortId, now);
  if (offer.refusal === 'sold_out') return shortIdRefusal(storeCodes.productSoldOut, storeMessages.productSoldOut);
  if (offer.refusal === 'tier_only') return shortIdRefusal(storeCodes.productTierOnly, storeMessages.productTierOnly);
  return shortIdRefusal(storeCodes.productNotFound, storeMessages.productNotFound);
}

async function placeFor(
  {
    db,
    config,
    players,
    promotions,
    requirePhone,
    tiers,
  }: {
    db: Db;
    config: Config;
    players: GamePlayers;
    promotions: PromotionQuoteInputs;
    requirePhone: PhoneCheck;
    tiers: TierQuoteInputs;
  },
  product: ProductOnSale,
  body: PurchaseBody,
  buyer: AuthUser | null,
  now: Date,
): Promise<{ id: string; reopened: boolean }> {
  const receiver = await players.findReceiver(body.shortId);
  if (!receiver) throw shortIdRefusal(storeCodes.userNotFound, storeMessages.userNotFound);
  if (!buyer) await requirePhone(receiver.id, receiver.shortId);
  // The server and character that receive the pack: chosen when the receiver has several (the picker).
  const character = resolveCharacter(receiver.servers, body);
  const slot = product.limit ? limitSlotOf(product, now) : null;
  // The quote decides the offer; a stock is judged again under the pack's lock below.
  const inputs = await quoteInputsOf({ promotions, tiers }, receiver.id, now);
  let offer = await quoteProduct(db, inputs, product, receiver.id, now);
  if (offer.refusal && offer.refusal !== 'sold_out') throw refusalOf(offer, product, receiver.shortId, now);
  return db.transaction(async (tx) => {
    await lockReceiverOrders(tx, receiver.id);
    if (!buyer && (await countGuestOpenOrders(tx, receiver.id, now)) >= config.GUEST_OPEN_ORDERS_PER_RECEIVER) {
      throw new AppError(
        429,
        storeCodes.guestOrdersForReceiver,
        storeMessages.guestOrdersForReceiver(receiver.shortId),
        { shortId: [storeMessages.guestOrdersForReceiver(receiver.shortId)] },
      );
    }
    if (product.stock !== null) {
      const waiting = await findOpenOrderOfPack(tx, receiver.id, product.packId, now);
      if (waiting && buyer && waiting.buyerId === buyer.id && waiting.productId === product.productId) {
        return { id: waiting.id, reopened: true };
      }
      if (waiting) {
        const refusal = storeMessages.openOrderExists(receiver.shortId);
        throw new AppError(409, storeCodes.openOrderExists, refusal, { shortId: [refusal] });
      }
      await lockPackForSale(tx, product.packId);
      offer = await quoteProduct(tx, inputs, product, receiver.id, now);
      if (offer.refusal) throw refusalOf(offer, product, receiver.shortId, now);
    }
    const order = await insertOrderWithFreshCode(tx, config.ORDER_CODE_PREFIX, {
      ...orderSnapshot(product),
      totalPrice: offer.price,
      items: offer.items,
      quote: offer,
      receiverId: receiver.id,
      character,
      buyerId: buyer?.id ?? null,
      limitKey: slot?.key ?? null,
      limitPeriod: slot?.period ?? null,
      limitCount: slot?.count ?? 1,
      expiresAt: new Date(now.getTime() + paymentMinutes(config, product, buyer) * 60_000),
    });
    return { id: order.id, reopened: false };
  });
}

/** For the signed-in receiver: each limited product on sale now, how many its period allows and how many are used. */
export async function packLimitsOf(db: Db, userId: string): Promise<PackLimits> {
  const now = new Date();
  const limited = (await findProductsOnSale(db, now)).filter(
    (product): product is ProductOnSale & { limit: PurchaseLimit } => Boolean(product.limit),
  );
  const slots = limited.map((product) => ({ product, slot: limitSlotOf(product, now) }));
  const used = await countLimitUsesBySlot(
    db,
    userId,
    slots.map(({ slot }) => slot),
  );
  return slots.map(({ product, slot }) => ({
    productId: product.productId,
    kind: product.limit.kind,
    count: slot.count,
    used: used.get(`${slot.key}|${slot.period}`) ?? 0,
  }));
}
