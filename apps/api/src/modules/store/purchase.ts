import { storeCodes, storeMessages, type PackLimits, type PurchaseBody } from '@carabala/contracts';
import {
  limitCount,
  purchaseLimitResetsAt,
  purchaseLimitSlot,
  type PurchaseLimit,
} from '@carabala/contracts/catalogue';
import { formatVietnamHourDay } from '@carabala/contracts/labels';
import type { Config, Db, Tx } from '../../lib/deps';
import type { AuthUser } from '../../plugins/auth';
import { AppError } from '../../plugins/errors';
import {
  findProductOnSale,
  findProductsOnSale,
  lockPackForSale,
  orderSnapshot,
  type ProductOnSale,
} from '../catalogue';
import { countLimitUses, countLimitUsesBySlot, countPackSales, insertOrderWithFreshCode } from '../orders';
import { findUserByShortId } from '../users';

export const shortIdRefusal = (code: string, message: string) =>
  new AppError(400, code, message, { shortId: [message] });

/** The slot a limited product is counted in now, and how many purchases it allows. */
function limitSlotOf(product: ProductOnSale, now: Date) {
  const limit = product.limit!;
  return { ...purchaseLimitSlot(product.productId, limit, now, product.window.start), count: limitCount(limit) };
}

/** The refusal of a receiver who has used the period's purchases, saying when they may buy again. */
function limitRefusal(product: ProductOnSale, shortId: string, now: Date) {
  const resetsAt = purchaseLimitResetsAt(product.limit!, now, product.window.end);
  return shortIdRefusal(
    storeCodes.productLimited,
    resetsAt
      ? storeMessages.productLimited(shortId, formatVietnamHourDay(resetsAt))
      : storeMessages.productLimitedForGood(shortId),
  );
}

/**
 * Creates an unpaid order for the receiving player: the price (the sale price while the sale runs),
 * the contents and the card come from the published catalogue only, and the order keeps them as they
 * are now, whatever the catalogue becomes. A limited product is refused once the receiver has used
 * the period's purchases (checked again when paid); a product with a stock once its units are sold or
 * held by open orders (counted under the pack's row lock).
 */
export async function placeOrder(
  db: Db,
  config: Config,
  body: PurchaseBody,
  buyer: AuthUser | null,
): Promise<{ id: string }> {
  const now = new Date();
  const product = await findProductOnSale(db, body.productId, now);
  if (!product) throw shortIdRefusal(storeCodes.productNotFound, storeMessages.productNotFound);
  const receiver = await findUserByShortId(db, body.shortId);
  if (!receiver) throw shortIdRefusal(storeCodes.userNotFound, storeMessages.userNotFound);
  const slot = product.limit ? limitSlotOf(product, now) : null;
  if (slot && (await countLimitUses(db, receiver.id, slot.key, slot.period)) >= slot.count) {
    throw limitRefusal(product, receiver.shortId, now);
  }
  const place = (tx: Db | Tx) =>
    insertOrderWithFreshCode(tx, config.ORDER_CODE_PREFIX, {
      ...orderSnapshot(product),
      receiverId: receiver.id,
      buyerId: buyer?.id ?? null,
      limitKey: slot?.key ?? null,
      limitPeriod: slot?.period ?? null,
      limitCount: slot?.count ?? 1,
      expiresAt: new Date(now.getTime() + config.ORDER_PAYMENT_MINUTES * 60_000),
    });
  const stock = product.stock;
  const order =
    stock === null
      ? await place(db)
      : await db.transaction(async (tx) => {
          await lockPackForSale(tx, product.packId);
          if ((await countPackSales(tx, product.packId, now)) >= stock) {
            throw shortIdRefusal(storeCodes.productSoldOut, storeMessages.productSoldOut);
          }
          return place(tx);
        });
  return { id: order.id };
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
