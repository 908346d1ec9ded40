import { characterChoiceFields } from './characters';
import { z } from 'zod';
import { paged, pageQuerySchema, requiredText } from './envelope';
import { mailSchema } from './mailbox';
import { internalTransactionSchema, transactionStatusSchema } from './orders';
import { strippedShortId } from './store';

/** What the API answers SePay's webhook (the body it parses lives in apps/api's payments module). */
export const sepayWebhookResponseSchema = z.object({ success: z.boolean() });

const noteSchema = requiredText('payments.noteRequired', 500);

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
  'too_large',
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
  'too_large',
];

export const bankEventSchema = z.object({
  id: z.string(),
  provider: z.string(),
  providerId: z.string(),
  orderId: z.string().nullable(),
  /** The order's code, what the console shows (never the id). */
  orderCode: z.string().nullable(),
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

export const markTransactionBodySchema = z.object({ note: noteSchema });

export const createManualTransactionBodySchema = z.object({
  shortId: strippedShortId,
  productId: z.coerce.number().int().positive(),
  reason: noteSchema,
  /** Required when the receiver has more than one character (`GET /internal/transactions/receiver`). */
  ...characterChoiceFields,
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
  code: requiredText('payments.codeRequired', 36, 'payments.codeInvalid'),
  note: noteSchema,
});

/** The target of an attach, as staff check it before confirming: whose order, which pack, what it still owes. */
export const attachCandidateSchema = z.object({
  id: z.string(),
  code: z.string(),
  productTitle: z.string(),
  totalPrice: z.number().int(),
  accumulatedAmount: z.number().int(),
  /** What the order still owes: total minus received, never below zero. */
  amountDue: z.number().int(),
  status: transactionStatusSchema,
  receiver: z.object({ shortId: z.string(), displayName: z.string() }),
  createdAt: z.string(),
  /** Why an attach to this order would be refused (in Vietnamese), or null. */
  refusal: z.string().nullable(),
});
export type AttachCandidate = z.infer<typeof attachCandidateSchema>;

/** `similar_code`: the code is one or two characters away from the transfer content; `same_amount`: owes the amount, ordered within the hour before. */
export const attachSuggestionSchema = attachCandidateSchema.extend({
  reason: z.enum(['similar_code', 'same_amount']),
});
export type AttachSuggestion = z.infer<typeof attachSuggestionSchema>;
export const attachSuggestionsSchema = z.object({ suggestions: z.array(attachSuggestionSchema) });

/** The order an attach would credit, looked up by the same code (or transaction id) the attach takes. */
export const attachPreviewQuerySchema = z.object({ code: attachBankEventBodySchema.shape.code });

/** An admin records money sent back from a bank event's held or surplus money. */
export const refundBodySchema = z.object({
  amount: z.coerce
    .number({ error: 'payments.amountRequired' })
    .int('payments.amountInteger')
    .min(1, 'payments.amountPositive')
    .max(Number.MAX_SAFE_INTEGER),
  bankReference: requiredText('payments.referenceRequired', 100),
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

/**
 * A sum of whole dong. Held transfers can add up past 2^53, where a JSON number is only close (the
 * report's CSV carries the exact sum): such a sum is still answered, never refused as `.int()` would.
 */
const moneySum = z.number().refine(Number.isInteger);

/** Money in = credited + held + refunded, for one Vietnam-time day. */
export const dailyReportSchema = z.object({
  date: z.string(),
  moneyIn: moneySum,
  credited: moneySum,
  held: moneySum,
  refunded: moneySum,
  balanced: z.boolean(),
  events: z.array(dailyReportEventSchema),
});
export type DailyReport = z.infer<typeof dailyReportSchema>;
