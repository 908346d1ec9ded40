import { z } from 'zod';
import { requiredText, sentence } from './envelope';
import { characterChoiceFields, receiverServersSchema } from './characters';
import { heldMoneySchema, orderFields } from './orders';

const ID_PREFIX = 'ID: ';

const storeFieldMessages = { shortIdRequired: 'store.shortIdRequired' } as const;

/** The purchase payload carries the User ID without the 'ID: ' prefix that players often paste. */
export function stripIdPrefix(value: string): string {
  const trimmed = value.trim();
  return trimmed.startsWith(ID_PREFIX) ? trimmed.slice(ID_PREFIX.length).trim() : trimmed;
}

const shortIdFieldSchema = requiredText(storeFieldMessages.shortIdRequired, 10);

/** A User ID as typed or pasted: a leading 'ID: ' is removed before the length rule applies. */
export const strippedShortId = z
  .string({ error: storeFieldMessages.shortIdRequired })
  .transform(stripIdPrefix)
  .pipe(shortIdFieldSchema);

/** The purchase form: the receiver's User ID (a pasted 'ID: ' prefix does not count) and the pack (0 until chosen). */
export const purchaseFormSchema = z.object({
  shortId: strippedShortId,
  productId: z.number().int().min(0),
});
export type PurchaseForm = z.infer<typeof purchaseFormSchema>;

/** POST /api/transactions/bank. The 'ID: ' prefix is removed before the length rule applies. */
export const purchaseBodySchema = z.object({
  shortId: strippedShortId,
  productId: z.coerce.number().int().positive(),
  /** Required when the receiver has more than one character (the look-up's `servers`). */
  ...characterChoiceFields,
});
export type PurchaseBody = z.infer<typeof purchaseBodySchema>;

export const purchaseResultSchema = z.object({
  id: z.string(),
  /**
   * True when the signed-in buyer already had an unpaid order of this limited-stock pack for this
   * receiver: that order (its QR and countdown) is answered again rather than a second one made.
   */
  reopened: z.boolean(),
});

export const storeCodes = {
  userNotFound: 'api.user.not_found',
  productLimited: 'api.transaction.product.limited',
  productNotFound: 'api.transaction.product.not_found',
  /** A pack with a stock whose units are all sold or held by orders still open. */
  productSoldOut: 'api.transaction.product.sold_out',
  /** A tier-only pack and a receiver whose VIP tier does not see it (decision record 059). */
  productTierOnly: 'api.transaction.product.tier_only',
  /** The receiver already has an unpaid order of this limited-stock pack, not the signed-in buyer's own. */
  openOrderExists: 'api.transaction.open_order_exists',
  /** Too many unpaid orders made without signing in from this address (429). */
  guestOrdersFromAddress: 'api.transaction.guest_orders.address',
  /** Too many unpaid orders made without signing in for this receiver (429). */
  guestOrdersForReceiver: 'api.transaction.guest_orders.receiver',
  /** Too many order look-ups from this address (429). */
  orderLookupsFromAddress: 'api.transaction.lookup.rate_limited',
  alreadyPaid: 'api.transaction.already_done',
  refundTooMuch: 'api.refund.exceeds_received',
} as const;

export const storeMessages = {
  userNotFound: 'api.user.not_found',
  /** The receiver's limit, and when it resets (`resetsAt`: "00:00 ngày 27/11", Vietnam time). */
  productLimited: (shortId: string, resetsAt: { time: string; day: string }) =>
    sentence('store.productLimited', { shortId, ...resetsAt }),
  /** A limit that never resets (`ever`), or an event window without an end. */
  productLimitedForGood: (shortId: string) => sentence('store.productLimitedForGood', { shortId }),
  productNotFound: 'api.transaction.product.not_found',
  productSoldOut: 'api.transaction.product.sold_out',
  productTierOnly: 'vip.tierOnly',
  transactionNotFound: 'store.transactionNotFound',
  tooManyLookups: 'store.tooManyLookups',
  /** An order for a User ID new to this address or player, past the look-up budget (429, api.rate_limited). */
  tooManyReceivers: 'store.tooManyReceivers',
  openOrderExists: (shortId: string) => sentence('store.openOrderExists', { shortId }),
  guestOrdersFromAddress: 'api.transaction.guest_orders.address',
  orderLookupNotFound: 'store.orderLookupNotFound',
  orderLookupsFromAddress: 'api.transaction.lookup.rate_limited',
  guestOrdersForReceiver: (shortId: string) => sentence('store.guestOrdersForReceiver', { shortId }),
} as const;

/** GET /api/users/lookup?shortId=…: the receiver a User ID names, shown before the order is made. */
export const userLookupQuerySchema = z.object({ shortId: strippedShortId });
export const userLookupSchema = z.object({
  shortId: z.string(),
  displayName: z.string(),
  avatar: z.string().nullable(),
  /** The receiver's servers and characters; empty for a game with one character per account. */
  servers: receiverServersSchema,
});
export type UserLookup = z.infer<typeof userLookupSchema>;

/**
 * POST /api/transactions/lookup: a guest finds an order again by its code and the receiver's User ID. It
 * answers only what the order's own link holds (the panel shows the rest to whoever holds the link).
 */
export const orderLookupBodySchema = z.object({
  code: requiredText('store.orderCodeRequired', 25).transform((code) => code.replace(/\s+/g, '').toUpperCase()),
  shortId: strippedShortId,
});
export type OrderLookupBody = z.input<typeof orderLookupBodySchema>;
export const orderLookupResultSchema = z.object({ id: z.string(), productId: z.number().int(), packTab: z.string() });
export type OrderLookupResult = z.infer<typeof orderLookupResultSchema>;

/** GET /api/transactions/bank/{id}: everything the transfer and history panels show. */
export const bankTransactionSchema = z.object({
  ...orderFields,
  receiver: z.object({ displayName: z.string(), avatar: z.string().nullable(), shortId: z.string() }),
  bank: z.object({ name: z.string(), bin: z.string(), accountNumber: z.string(), accountName: z.string() }),
  qr: z.object({ payload: z.string() }),
  /** The demo offers a "simulate the transfer" button; never true in production. */
  simulateAvailable: z.boolean(),
  /** What the order delivers, and the promotion's bonus it got when paid (empty until then, or none). */
  items: z.array(z.object({ itemId: z.string(), quantity: z.number().int() })),
  bonusItems: z.array(z.object({ itemId: z.string(), quantity: z.number().int() })),
  /**
   * The end of the payment window (ORDER_PAYMENT_MINUTES after ordering, moved on by a part payment);
   * a transfer made later is held for review. Null for an order without a window (staff grants, older orders).
   */
  expiresAt: z.string().nullable(),
  held: heldMoneySchema,
});
export type BankTransaction = z.infer<typeof bankTransactionSchema>;

/**
 * One message of GET /api/transactions/bank/{id}/events (server-sent events, `data:` as JSON):
 * `ready` once the stream is open, `changed` when money was recorded on the order or its mail was
 * delivered (read it again).
 */
export const orderStreamEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready'), id: z.string() }),
  z.object({ type: z.literal('changed'), id: z.string() }),
]);
export type OrderStreamEvent = z.infer<typeof orderStreamEventSchema>;

/** Demo only: the amount the "simulate the transfer" button sends. */
export const simulateTransferBodySchema = z.object({
  amount: z.coerce.number().int().min(1).max(100_000_000),
});
