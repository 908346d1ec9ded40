import { sentence } from '@carabala/contracts';
import { formatVnd } from '@carabala/contracts/labels';
import { text } from '../../lib/sentences';

/** The money side's refusals (catalogue keys) and its report notes, summaries and mail titles (server.*, Vietnamese). */
export const paymentsMessages = {
  badWebhookBody: 'payments.badWebhookBody',
  bankEventNotFound: 'payments.bankEventNotFound',
  alreadyHandled: 'payments.alreadyHandled',
  alreadyPaid: 'payments.alreadyPaid',
  orderNoLongerOpen: 'payments.orderNoLongerOpen',
  attachOnlyUnmatched: 'payments.attachOnlyUnmatched',
  attachCodeUnknown: (code: string) => sentence('payments.attachCodeUnknown', { code }),
  attachOrderPaid: 'payments.attachOrderPaid',
  attachAfterRefund: 'payments.attachAfterRefund',
  refundTooMuch: (refundable: number) => sentence('payments.refundTooMuch', { amount: formatVnd(refundable) }),
  /** The review note of an event whose held money was all sent back. */
  fullyRefunded: (amount: string, bankReference: string) =>
    text('server.payments.fullyRefunded', { amount, bankReference }),
  /** Only an operator can connect the bank feed: staff are told whom to ask, not which setting. */
  feedNotConfigured: 'payments.feedNotConfigured',
  /** Why a day's reconciliation does not balance, beside the event. */
  problems: {
    creditedTooMuch: text('server.payments.creditedTooMuch'),
    refundedTooMuch: text('server.payments.refundedTooMuch'),
    creditedMissingOrder: text('server.payments.creditedMissingOrder'),
    creditMismatch: text('server.payments.creditMismatch'),
  },
  /** What a request for approval asks, in a sentence with names and codes (decision record 030). */
  markPaidSummary: (code: string, title: string, price: string, receiver: string, shortId: string) =>
    text('server.audit.markPaidSummary', { code, title, price, receiver, shortId }),
  grantSummary: (
    title: string,
    price: string,
    items: string,
    receiver: string,
    shortId: string,
    character: string | null,
  ) =>
    character
      ? text('server.audit.grantSummaryCharacter', { title, price, items, receiver, shortId, character })
      : text('server.audit.grantSummary', { title, price, items, receiver, shortId }),
  grantUnlistedItems: (names: string) => sentence('payments.grantUnlistedItems', { names }),
  attachSummary: (amount: string, content: string, code: string, title: string, receiver: string, shortId: string) =>
    text('server.audit.attachSummary', { amount, content, code, title, receiver, shortId }),
  refundSummary: (amount: string, received: string, content: string, bankReference: string) =>
    text('server.audit.refundSummary', { amount, received, content, bankReference }),
  /** The start of the title of the in-game mail that carries a paid pack; the pack's title follows. */
  orderMailTitlePrefix: text('server.mail.orderTitlePrefix'),
  /** The same for a pack an admin granted (no payment): the player and support tell it from a purchase. */
  grantMailTitlePrefix: text('server.mail.grantTitlePrefix'),
};
