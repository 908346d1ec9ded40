import { z } from 'zod';
import { paged, pageQuerySchema, requiredText, optionalText, optionalDateTime } from './envelope';

const ID_PREFIX = 'ID: ';

/** The purchase payload carries the User ID without the 'ID: ' prefix that players often paste. */
export function stripIdPrefix(value: string): string {
  const trimmed = value.trim();
  return trimmed.startsWith(ID_PREFIX) ? trimmed.slice(ID_PREFIX.length).trim() : trimmed;
}

const shortIdFieldSchema = requiredText('Vui lòng nhập User ID.', 10);

const strippedShortId = z.string({ error: 'Vui lòng nhập User ID.' }).transform(stripIdPrefix).pipe(shortIdFieldSchema);

/** The purchase form of point 3: shortId (a pasted 'ID: ' prefix does not count) and productId (0 until chosen). */
export const purchaseFormSchema = z.object({
  shortId: strippedShortId,
  productId: z.number().int().min(0),
});
export type PurchaseForm = z.infer<typeof purchaseFormSchema>;

/** POST /api/transactions/bank. The 'ID: ' prefix is removed before the length rule applies. */
export const purchaseBodySchema = z.object({
  shortId: strippedShortId,
  productId: z.coerce.number().int().positive(),
});
export type PurchaseBody = z.infer<typeof purchaseBodySchema>;

export const purchaseResultSchema = z.object({ id: z.string() });

/** `held`: paid in full but the receiver had reached the pack's limit; `cancelled`: a sibling order was paid. */
export const transactionStatuses = ['initial', 'done', 'held', 'cancelled'] as const;
export const transactionStatusSchema = z.enum(transactionStatuses);
export type TransactionStatus = z.infer<typeof transactionStatusSchema>;
/** Where an in-game mail stands: waiting in the outbox, taken by the game, or given up on. */
export const deliveryStatuses = ['pending', 'delivered', 'dead'] as const;
export const deliveryStatusSchema = z.enum(deliveryStatuses);
/** An order paid by bank transfer, or granted by staff. */
export const orderKinds = ['bank', 'manual'] as const;
/** Who paid an order: the bank feed, a staff member's mark, or an admin's grant. */
export const orderPayers = ['bank', 'staff', 'grant'] as const;

export const storeCodes = {
  userNotFound: 'api.user.not_found',
  productLimited: 'api.transaction.product.limited',
  productNotFound: 'api.transaction.product.not_found',
  alreadyPaid: 'api.transaction.already_done',
  refundTooMuch: 'api.refund.exceeds_received',
} as const;

export const storeMessages = {
  userNotFound: 'User ID không tồn tại.',
  productLimited: 'Tài khoản của bạn đã đạt giới hạn mua gói này, vui lòng thử lại sau',
  productNotFound: 'Gói này không tồn tại hoặc đã ngừng bán.',
  transactionNotFound: 'Không tìm thấy giao dịch.',
} as const;

/** The fields every view of an order shows: the transfer panel, the player's history and the console. */
const orderFields = {
  id: z.string(),
  code: z.string(),
  productId: z.number().int(),
  productTitle: z.string(),
  totalPrice: z.number().int(),
  accumulatedAmount: z.number().int(),
  status: transactionStatusSchema,
  delivery: deliveryStatusSchema.nullable(),
  /** Money sent back to the payer (held or surplus money). */
  refundedAmount: z.number().int(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
};

/** GET /api/transactions/bank/{id}: everything the transfer and history panels show. */
export const bankTransactionSchema = z.object({
  ...orderFields,
  receiver: z.object({ displayName: z.string(), avatar: z.string().nullable(), shortId: z.string() }),
  bank: z.object({ name: z.string(), bin: z.string(), accountNumber: z.string(), accountName: z.string() }),
  qr: z.object({ payload: z.string() }),
  /** The demo offers a "simulate the transfer" button; never true in production. */
  simulateAvailable: z.boolean(),
});
export type BankTransaction = z.infer<typeof bankTransactionSchema>;

/** One row of the signed-in player's order history (bought or received). */
const orderHistoryItemSchema = z.object({
  ...orderFields,
  receiverShortId: z.string(),
  role: z.enum(['bought', 'received', 'both']),
});
export type OrderHistoryItem = z.infer<typeof orderHistoryItemSchema>;
export const orderHistorySchema = paged(orderHistoryItemSchema);
export const orderHistoryQuerySchema = pageQuerySchema;

/** Demo only: the amount the "simulate the transfer" button sends. */
export const simulateTransferBodySchema = z.object({
  amount: z.coerce.number().int().min(1).max(100_000_000),
});

const noteSchema = requiredText('Vui lòng nhập ghi chú.', 500);

/** Why a bank event is (or is not) money on an order; everything but `credited` waits for staff. */
export const bankEventMatches = [
  'credited',
  'overpaid',
  'late',
  'unmatched',
  'wrong_account',
  'outgoing',
  'invalid',
  'limit_reached',
  'cancelled',
] as const;
export const bankEventMatchSchema = z.enum(bankEventMatches);
export type BankEventMatch = z.infer<typeof bankEventMatchSchema>;
export const bankEventsNeedingReview: BankEventMatch[] = [
  'overpaid',
  'late',
  'unmatched',
  'wrong_account',
  'invalid',
  'limit_reached',
  'cancelled',
];

export const bankEventSchema = z.object({
  id: z.string(),
  provider: z.string(),
  providerId: z.string(),
  orderId: z.string().nullable(),
  amount: z.number().int(),
  transferType: z.string().nullable(),
  accountNumber: z.string().nullable(),
  content: z.string().nullable(),
  referenceCode: z.string().nullable(),
  match: bankEventMatchSchema,
  /** The part that paid for a pack; the rest is held for review, or refunded. */
  creditedAmount: z.number().int(),
  refundedAmount: z.number().int(),
  /** What is still held for review: neither paying for a delivered pack nor refunded. */
  heldAmount: z.number().int(),
  transactionDate: z.string().nullable(),
  receivedAt: z.string(),
  reviewedAt: z.string().nullable(),
  reviewNote: z.string().nullable(),
  payload: z.unknown(),
});
export type BankEvent = z.infer<typeof bankEventSchema>;

export const internalTransactionSchema = z.object({
  ...orderFields,
  kind: z.enum(orderKinds),
  receiver: z.object({ id: z.string(), shortId: z.string(), displayName: z.string() }),
  buyerId: z.string().nullable(),
  paidBy: z.enum(orderPayers).nullable(),
  note: z.string().nullable(),
});
export type InternalTransaction = z.infer<typeof internalTransactionSchema>;

const mailSchema = z.object({
  id: z.string(),
  status: deliveryStatusSchema,
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  nextAttemptAt: z.string(),
  deliveredAt: z.string().nullable(),
  items: z.array(z.object({ itemId: z.string(), quantity: z.number().int() })),
});

export const refundSchema = z.object({
  id: z.string(),
  bankEventId: z.string(),
  amount: z.number().int(),
  bankReference: z.string(),
  reason: z.string(),
  createdAt: z.string(),
});

export const internalTransactionDetailSchema = internalTransactionSchema.extend({
  bankEvents: z.array(bankEventSchema),
  refunds: z.array(refundSchema),
  mail: mailSchema.nullable(),
});
export type InternalTransactionDetail = z.infer<typeof internalTransactionDetailSchema>;

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

export const markTransactionBodySchema = z.object({ note: noteSchema });

export const createManualTransactionBodySchema = z.object({
  shortId: strippedShortId,
  productId: z.coerce.number().int().positive(),
  reason: noteSchema,
});

export const resetGoldPackagesBodySchema = z.object({
  /** One player; all players when absent. */
  shortId: strippedShortId.optional(),
});
export const resetGoldPackagesResultSchema = z.object({ released: z.number().int() });

export const bankEventQuerySchema = pageQuerySchema.extend({
  /** `review`: money that waits for staff (default); `all`: every event. */
  filter: z.enum(['review', 'all']).default('review'),
});
export const bankEventPageSchema = paged(bankEventSchema);
export const resolveBankEventBodySchema = z.object({ note: noteSchema });
/** Credits an unmatched bank payment to the order (its code or transaction id) the payer meant. */
export const attachBankEventBodySchema = z.object({
  // An order code (≤ 25) or a transaction id (36).
  code: requiredText('Vui lòng nhập mã giao dịch.', 36, 'Mã giao dịch không hợp lệ.'),
  note: noteSchema,
});

export const internalMailSchema = mailSchema.extend({
  receiverShortId: z.string(),
  title: z.string(),
  source: z.string(),
  sourceId: z.string(),
  createdAt: z.string(),
});
export const internalMailQuerySchema = pageQuerySchema.extend({ status: deliveryStatusSchema.default('dead') });
export const internalMailPageSchema = paged(internalMailSchema);
export type InternalMail = z.infer<typeof internalMailSchema>;

/** An admin records money sent back from a bank event's held or surplus money. */
export const refundBodySchema = z.object({
  amount: z.coerce
    .number({ error: 'Vui lòng nhập số tiền.' })
    .int('Số tiền phải là số nguyên.')
    .min(1, 'Số tiền phải lớn hơn 0.')
    .max(Number.MAX_SAFE_INTEGER),
  bankReference: requiredText('Vui lòng nhập mã tham chiếu.', 100),
  reason: noteSchema,
});
export type RefundBody = z.infer<typeof refundBodySchema>;

/** The bank-feed pull: whether it is configured, and what its last run found. */
export const bankFeedStatusSchema = z.object({
  enabled: z.boolean(),
  everyMinutes: z.number(),
  running: z.boolean(),
  lastStartedAt: z.string().nullable(),
  lastFinishedAt: z.string().nullable(),
  /** Transfers read from the bank feed, and those that were new (not already stored by the webhook). */
  lastSeen: z.number().int(),
  lastRecorded: z.number().int(),
  lastError: z.string().nullable(),
});
export type BankFeedStatus = z.infer<typeof bankFeedStatusSchema>;

export const dailyReportQuerySchema = z.object({
  /** A Vietnam-time day, yyyy-MM-dd. */
  date: z.iso.date(),
});

const dailyReportEventSchema = bankEventSchema.omit({ payload: true }).extend({
  orderCode: z.string().nullable(),
  /** Why this event does not balance, or null. */
  problem: z.string().nullable(),
});

/** Money in = credited + held + refunded, for one Vietnam-time day. */
export const dailyReportSchema = z.object({
  date: z.string(),
  moneyIn: z.number().int(),
  credited: z.number().int(),
  held: z.number().int(),
  refunded: z.number().int(),
  balanced: z.boolean(),
  events: z.array(dailyReportEventSchema),
});
export type DailyReport = z.infer<typeof dailyReportSchema>;
