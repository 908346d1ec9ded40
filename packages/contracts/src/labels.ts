/**
 * @carabala/contracts/labels: what a page shows without parsing anything: the Vietnamese labels of
 * roles, items, news categories and ticket types, and the display helpers for money, counts,
 * avatars and search. No zod here (only type imports), so a page that shows a label does not ship
 * the schemas. A contracts test checks that this entry never imports zod.
 */
import type { Role } from './permissions';
import type { NewsCategory } from './news';
import type { TicketType } from './tickets';
import type { deliveryStatuses } from './mailbox';
import type { orderKinds, orderPayers, TransactionStatus } from './orders';
import type { BankEventMatch } from './payments';
import { items } from './catalogue';
import { formatCount } from './money';

export { formatCount, formatVnd } from './money';
export { avatarFallback, avatarSource } from './avatar';
export { foldText, matchesSearch, slugOf, truncateTitle } from './text';
export {
  formatVietnamDayMonth,
  formatVietnamHourDay,
  formatVietnamTime,
  formatVietnamTimeSeconds,
  vietnamDay,
  vietnamDayRange,
  vietnamMonthRange,
  vietnamParts,
  vietnamTimestamp,
} from './vietnam-time';

export const roleLabels: Record<Role, string> = {
  player: 'Người chơi',
  support: 'Hỗ trợ khách hàng',
  finance: 'Tài chính',
  content: 'Nội dung',
  admin: 'Quản trị viên',
};

export const ticketTypeLabels: Record<TicketType, string> = {
  '1': 'Nạp tiền / Thanh toán',
  '2_1': 'Lỗi đăng nhập',
  '2_2': 'Lỗi trong trò chơi',
  '2_3': 'Mất vật phẩm / tài nguyên',
  '2_4': 'Tài khoản bị khoá',
  '2_5': 'Báo cáo gian lận',
  '0': 'Khác',
};

/**
 * The embedded game's item names, by id (the item catalogue's constant): the fallback when the names of
 * the game's own list (GET /api/items/names, the API's copy of the game's items) are not at hand.
 */
export const itemLabels: Readonly<Record<string, string>> = Object.fromEntries(
  items.map((entry) => [entry.id, entry.label]),
);

/** Item names by id, as GET /api/items/names answers them. */
export type ItemNameMap = Readonly<Record<string, string>>;

/**
 * An item's Vietnamese name: the game's (`names`), else the embedded list's; an id neither knows (an
 * old stored row) shows as itself.
 */
export function itemLabel(itemId: string, names?: ItemNameMap): string {
  if (names && Object.hasOwn(names, itemId)) return names[itemId]!;
  return Object.hasOwn(itemLabels, itemId) ? itemLabels[itemId]! : itemId;
}

/** "300,000 × Vàng": a quantity in the site's number style, then the item's name (players and staff). */
export function formatItem(item: { itemId: string; quantity: number }, names?: ItemNameMap): string {
  return `${formatCount(item.quantity)} × ${itemLabel(item.itemId, names)}`;
}

/** Several items on one line, comma-separated. */
export function formatItems(list: readonly { itemId: string; quantity: number }[], names?: ItemNameMap): string {
  return list.map((item) => formatItem(item, names)).join(', ');
}

/** Vietnamese label of a category, for lists and article headers. */
/**
 * A duration the console and the chat alerts read at a glance, whole seconds in: "45 giây", "12 phút", "3 giờ 5 phút",
 * "2 ngày 4 giờ"; the two largest units, rounded down.
 */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s} giây`;
  const minutes = Math.floor(s / 60);
  if (minutes < 60) return `${minutes} phút`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 ? `${hours} giờ ${minutes % 60} phút` : `${hours} giờ`;
  const days = Math.floor(hours / 24);
  return hours % 24 ? `${days} ngày ${hours % 24} giờ` : `${days} ngày`;
}

export const newsCategoryLabels: Record<NewsCategory, string> = {
  updates: 'Cập nhật',
  events: 'Sự kiện',
  maintenance: 'Bảo trì',
};

/**
 * The console's words for an order's and a bank event's states: the web's Vietnamese messages and
 * the API's CSV exports both read these (a web test keeps the messages equal to them).
 */
export const transactionStatusLabels: Record<TransactionStatus, string> = {
  initial: 'Chờ thanh toán',
  done: 'Đã thanh toán',
  held: 'Tạm giữ: đã đạt giới hạn',
  cancelled: 'Đã hủy',
};

export const orderKindLabels: Record<(typeof orderKinds)[number], string> = {
  bank: 'Chuyển khoản',
  manual: 'Tặng thủ công',
};

export const orderPayerLabels: Record<(typeof orderPayers)[number], string> = {
  bank: 'ngân hàng',
  staff: 'nhân viên đánh dấu',
  grant: 'quản trị viên tặng',
};

export const deliveryStatusLabels: Record<(typeof deliveryStatuses)[number] | 'none', string> = {
  pending: 'Đang gửi',
  delivered: 'Đã giao',
  dead: 'Gửi thất bại',
  none: 'Chưa có thư',
};

/** Where a bank event came from: SePay's webhook or the scheduled pull of the account's list. */
export const bankEventSourceLabels: Readonly<Record<string, string>> = {
  sepay: 'SePay (webhook)',
  'sepay-api': 'SePay (quét định kỳ)',
};

export const bankEventMatchLabels: Record<BankEventMatch, string> = {
  credited: 'Đã cộng vào đơn',
  overpaid: 'Chuyển thừa',
  late: 'Đến sau khi đơn đã xong',
  unmatched: 'Không khớp đơn nào',
  wrong_account: 'Sai tài khoản nhận',
  outgoing: 'Tiền chuyển đi',
  invalid: 'Số tiền không hợp lệ',
  limit_reached: 'Tạm giữ: đã đạt giới hạn',
  cancelled: 'Đến cho đơn đã hủy',
  too_large: 'Tạm giữ: số tiền lớn bất thường, cần kiểm tra với ngân hàng',
};
