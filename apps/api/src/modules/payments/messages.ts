import { sentence } from '@carabala/contracts';
import { formatVnd } from '@carabala/contracts/labels';

/** The money side's refusals (catalogue keys) and report notes, in the staff's language. */
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
    `Đã hoàn hết số tiền còn giữ; lần hoàn cuối ${amount} (mã tham chiếu ${bankReference}).`,
  /** Only an operator can connect the bank feed: staff are told whom to ask, not which setting. */
  feedNotConfigured: 'payments.feedNotConfigured',
  /** Why a day's reconciliation does not balance, beside the event. */
  problems: {
    creditedTooMuch: 'Ghi có nhiều hơn số tiền nhận.',
    refundedTooMuch: 'Hoàn tiền nhiều hơn số tiền còn giữ.',
    creditedMissingOrder: 'Tiền ghi có cho một đơn không tồn tại.',
    creditMismatch: 'Khoản ghi có không khớp số tiền nhận.',
  },
  /** What a request for approval asks, in a sentence with names and codes (decision record 030). */
  markPaidSummary: (code: string, title: string, price: string, receiver: string, shortId: string) =>
    `Xác nhận đã nhận tiền đơn ${code}: ${title} (${price}) cho ${receiver} (ID: ${shortId})`,
  grantSummary: (
    title: string,
    price: string,
    items: string,
    receiver: string,
    shortId: string,
    character: string | null,
  ) =>
    `Tặng gói ${title} (trị giá ${price}; gồm ${items}) cho ${receiver} (ID: ${shortId})${character ? `, nhân vật ${character}` : ''}`,
  grantUnlistedItems: (names: string) => sentence('payments.grantUnlistedItems', { names }),
  attachSummary: (amount: string, content: string, code: string, title: string, receiver: string, shortId: string) =>
    `Gắn khoản nhận ${amount} (nội dung "${content}") vào đơn ${code}: ${title} cho ${receiver} (ID: ${shortId})`,
  refundSummary: (amount: string, received: string, content: string, bankReference: string) =>
    `Hoàn ${amount} từ khoản nhận ${received} (nội dung "${content}"), mã tham chiếu ${bankReference}`,
  /** The start of the title of the in-game mail that carries a paid pack; the pack's title follows. */
  orderMailTitlePrefix: 'Quà nạp: ',
  /** The same for a pack an admin granted (no payment): the player and support tell it from a purchase. */
  grantMailTitlePrefix: 'Quà tặng từ ban quản trị: ',
};
