// Payments: transfers taken in (webhook and bank-feed pull), the staff review and reconciliation. The
// store creates orders through `insertOrderWithFreshCode` and reads them through the service it is given.
export { paymentsRoutes } from './routes';
export { paymentsMessages } from './messages';
export { createPaymentsService, orderSummary, type PaymentsService } from './service';
export { createBankFeedPull, type BankFeedPull } from './bank-feed';
export { countLimitUses, creditMoney, findOrderHistory, insertOrderWithFreshCode } from './repository';
export type { SepayWebhookInput } from './sepay';
export { buildVietQrPayload } from './vietqr';
