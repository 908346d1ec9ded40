// Payments, split by job: ingest (the bank feed's webhook and pull), review (staff handle bank events,
// mark paid, grant, refund with approvals) and reconciliation (the daily report, the feed's status and
// the money figures). `creditMoney` is the one operation that moves money onto an order.
export { paymentsRoutes } from './routes';
export { paymentsMessages } from './messages';
export { createPaymentsService, type PaymentsDeps, type PaymentsService } from './service';
export { createBankFeedPull, type BankFeedPull } from './bank-feed';
export { creditMoney, type Credit, type CreditOutcome } from './repository';
export type { SepayWebhookInput } from './sepay';
export { revenueLines } from './reconciliation-repository';
export { buildVietQrPayload } from './vietqr';
