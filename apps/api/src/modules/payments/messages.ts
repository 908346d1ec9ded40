import { formatVnd } from '@carabala/contracts/labels';

/** The money side's refusals and report notes, in the staff's language. */
export const paymentsMessages = {
  badWebhookBody: 'Dữ liệu giao dịch không hợp lệ.',
  bankEventNotFound: 'Không tìm thấy giao dịch ngân hàng.',
  alreadyHandled: 'Giao dịch này đã được xử lý trước đó.',
  alreadyPaid: 'Giao dịch này đã hoàn tất trước đó.',
  orderNoLongerOpen: 'Đơn này không còn chờ thanh toán; hãy hoàn tiền và đánh dấu đã xử lý.',
  attachOnlyUnmatched:
    'Chỉ gắn được khoản tiền chưa khớp với đơn nào, hoặc khoản đến sau hạn thanh toán vào chính đơn của nó.',
  attachCodeUnknown: (code: string) =>
    `Không tìm thấy đơn có mã ${code}. Kiểm tra lại mã hoặc chọn một đơn được gợi ý.`,
  attachOrderPaid: 'Đơn này đã thanh toán đủ; không thể gắn thêm tiền. Hãy hoàn tiền cho khách nếu cần.',
  attachAfterRefund: 'Khoản tiền này đã được hoàn (một phần), không thể gắn vào đơn.',
  refundTooMuch: (refundable: number) => `Chỉ có thể hoàn tối đa ${formatVnd(refundable)} cho khoản tiền này.`,
  /** The review note of an event whose held money was all sent back. */
  fullyRefunded: (amount: string, bankReference: string) =>
    `Đã hoàn hết số tiền còn giữ; lần hoàn cuối ${amount} (mã tham chiếu ${bankReference}).`,
  /** Only an operator can connect the bank feed: staff are told whom to ask, not which setting. */
  feedNotConfigured: 'Chưa kết nối đối soát tự động: liên hệ kỹ thuật.',
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
  grantUnlistedItems: (names: string) =>
    `Gói này có vật phẩm không còn trong trò chơi: ${names}. Hãy sửa gói trước khi tặng.`,
  attachSummary: (amount: string, content: string, code: string, title: string, receiver: string, shortId: string) =>
    `Gắn khoản nhận ${amount} (nội dung "${content}") vào đơn ${code}: ${title} cho ${receiver} (ID: ${shortId})`,
  refundSummary: (amount: string, received: string, content: string, bankReference: string) =>
    `Hoàn ${amount} từ khoản nhận ${received} (nội dung "${content}"), mã tham chiếu ${bankReference}`,
  /** The start of the title of the in-game mail that carries a paid pack; the pack's title follows. */
  orderMailTitlePrefix: 'Quà nạp: ',
  /** The same for a pack an admin granted (no payment): the player and support tell it from a purchase. */
  grantMailTitlePrefix: 'Quà tặng từ ban quản trị: ',
};
