import { orderCharacterSchema } from './characters';
import { z } from 'zod';
import { paged, pageQuerySchema, optionalText, optionalDateTime } from './envelope';
import { deliveryStatusSchema } from './mailbox';

/** `held`: paid in full but the receiver had reached the pack's limit; `cancelled`: a sibling order was paid. */
export const transactionStatuses = ['initial', 'done', 'held', 'cancelled'] as const;
export const transactionStatusSchema = z.enum(transactionStatuses);
export type TransactionStatus = z.infer<typeof transactionStatusSchema>;
/** An order paid by bank transfer, or granted by staff. */
export const orderKinds = ['bank', 'manual'] as const;
/** Who paid an order: the bank feed, a staff member's mark, or an admin's grant. */
export const orderPayers = ['bank', 'staff', 'grant'] as const;

/** The fields every view of an order shows: the transfer panel, the player's history and the console. */
export const orderFields = {
  id: z.string(),
  code: z.string(),
  /** `manual`: a staff grant, given without payment ("Quà tặng từ ban quản trị"). */
  kind: z.enum(orderKinds),
  productId: z.number().int(),
  productTitle: z.string(),
  /** The card the product was bought from, as it was then: its pack (a selectable pack's for its options), tab and thumbnail (null: drawn art). */
  packId: z.number().int(),
  packTab: z.string(),
  thumbnail: z.string().nullable(),
  totalPrice: z.number().int(),
  accumulatedAmount: z.number().int(),
  status: transactionStatusSchema,
  delivery: deliveryStatusSchema.nullable(),
  /** Money sent back to the payer (held or surplus money). */
  refundedAmount: z.number().int(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  /** The server and character that receive the pack; null for an account without characters. */
  character: orderCharacterSchema.nullable(),
};

/** Why money received for an order did not pay for it and waits for staff: the player's words for each are the web's. */
export const heldMoneyReasons = ['overpaid', 'late', 'limit_reached', 'cancelled', 'too_large'] as const;
export type HeldMoneyReason = (typeof heldMoneyReasons)[number];

/** Money sent back to the payer by staff, with the bank's reference of the outgoing transfer. */
const refundLineSchema = z.object({ reference: z.string(), amount: z.number().int(), at: z.string() });

/**
 * Money received for an order that did not pay for its pack (a surplus over the price, a transfer after the
 * window, a pack the receiver already had this period, a cancelled order), and what staff did with it; null
 * when there is none. What the panel, the receipt and the history tell the player.
 */
export const heldMoneySchema = z
  .object({
    reason: z.enum(heldMoneyReasons),
    /** All of it, refunds included: what is still held is `amount` less the refunds. */
    amount: z.number().int(),
    /** When the first of it arrived. */
    since: z.string(),
    /** By when staff send back (or, for late money, deliver) what is still held; null once nothing is left to do. */
    refundBy: z.string().nullable(),
    /** Staff closed it without sending all of it back here (settled another way). */
    handled: z.boolean(),
    refunds: z.array(refundLineSchema),
  })
  .nullable();
export type HeldMoney = z.infer<typeof heldMoneySchema>;

/** One row of the signed-in player's order history (bought or received). */
const orderHistoryItemSchema = z.object({
  ...orderFields,
  held: heldMoneySchema,
  receiverShortId: z.string(),
  /** The receiver's display name, read from the account when the history is read. */
  receiverName: z.string(),
  role: z.enum(['bought', 'received', 'both']),
});
export type OrderHistoryItem = z.infer<typeof orderHistoryItemSchema>;
export const orderHistorySchema = paged(orderHistoryItemSchema);
export const orderHistoryQuerySchema = pageQuerySchema;

/** GET /api/transactions/receipt/{code}: one order's receipt, for its buyer and its receiver only. */
export const orderReceiptSchema = z.object({
  ...orderFields,
  /** What the order delivers, fixed when it was placed. */
  items: z.array(z.object({ itemId: z.string(), quantity: z.number().int() })),
  /** Items given on top (a promotion's bonus), decided when the order was paid; empty when none. */
  bonusItems: z.array(z.object({ itemId: z.string(), quantity: z.number().int() })),
  receiver: z.object({ shortId: z.string(), displayName: z.string(), avatar: z.string().nullable() }),
  /** Null when a guest (not signed in) placed the order. */
  buyer: z.object({ shortId: z.string(), displayName: z.string() }).nullable(),
  /** How the signed-in reader is part of the order. */
  role: z.enum(['bought', 'received', 'both']),
  /** The bank transfers credited to the order, with the bank's reference of each. */
  transfers: z.array(z.object({ reference: z.string().nullable(), amount: z.number().int(), at: z.string() })),
  /** Money held for staff and sent back, with the bank's reference of each refund. */
  held: heldMoneySchema,
});
export type OrderReceipt = z.infer<typeof orderReceiptSchema>;
export const orderCodeParamsSchema = z.object({ code: z.string().trim().min(1).max(25) });

const staffMemberSchema = z.object({ id: z.string(), shortId: z.string(), displayName: z.string() });

/** A staff grant's people: the admin who asked for it and the admin who approved it (decision record 030). */
export const orderGrantSchema = z.object({
  requester: staffMemberSchema.nullable(),
  approver: staffMemberSchema.nullable(),
});
export type OrderGrant = z.infer<typeof orderGrantSchema>;

export const internalTransactionSchema = z.object({
  ...orderFields,
  receiver: z.object({ id: z.string(), shortId: z.string(), displayName: z.string() }),
  /** Who ordered it: the receiver for their own pack, someone else for a gift, nobody for a staff grant. */
  buyer: z.object({ id: z.string(), shortId: z.string(), displayName: z.string() }).nullable(),
  /** Set for a staff grant (`kind: manual`), null for an order paid by bank transfer. */
  grant: orderGrantSchema.nullable(),
  paidBy: z.enum(orderPayers).nullable(),
  note: z.string().nullable(),
});
export type InternalTransaction = z.infer<typeof internalTransactionSchema>;

/** How the staff list of orders is sorted: by creation time or by price. */
const transactionSortSchema = z.enum(['newest', 'oldest', 'price_desc', 'price_asc']);

/** The filters of the staff list of orders, shared by the paged list and the CSV export. */
const transactionFilterSchema = z.object({
  status: transactionStatusSchema.optional(),
  /** One search box: an order code, a transaction id or a User ID. */
  q: optionalText(64),
  code: optionalText(25),
  shortId: optionalText(10),
  from: optionalDateTime,
  to: optionalDateTime,
  sort: transactionSortSchema.default('newest'),
});
export type TransactionFilter = z.infer<typeof transactionFilterSchema>;

export const internalTransactionQuerySchema = pageQuerySchema.extend(transactionFilterSchema.shape);
/** GET /api/internal/transactions/export.csv takes the same filters as query parameters. */
export const transactionExportQuerySchema = transactionFilterSchema;
/** The export stops at this many rows; narrow the dates for more. */
export const TRANSACTION_EXPORT_LIMIT = 10_000;
export const internalTransactionPageSchema = paged(internalTransactionSchema);
