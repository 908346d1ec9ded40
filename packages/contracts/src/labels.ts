/**
 * @carabala/contracts/labels: what a page shows without parsing anything: the Vietnamese labels of
 * roles, items, news categories and ticket types, and the display helpers for money, counts,
 * avatars and search. No zod here (only type imports), so a page that shows a label does not ship
 * the schemas. A contracts test checks that this entry never imports zod.
 */
import type { Role } from './permissions';
import type { NewsCategory } from './news';
import type { TicketType } from './tickets';

import { formatCount } from './money';

export { formatCount, formatVnd } from './money';
export { avatarFallback, avatarSource } from './avatar';
export { foldText, matchesSearch, truncateTitle } from './text';
export {
  formatVietnamDayMonth,
  formatVietnamHourDay,
  formatVietnamTime,
  formatVietnamTimeSeconds,
  vietnamDay,
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

/** Player-facing names of the in-game items the packs deliver. */
export const itemLabels: Record<string, string> = {
  diamond: 'Kim cương',
  gold: 'Vàng',
  hero_chest: 'Rương tướng',
  monthly_card: 'Thẻ tháng',
  stamina: 'Thể lực',
  enhance_stone: 'Đá cường hóa',
  legend_hero_shard: 'Mảnh tướng huyền thoại',
  vip_exp: 'Điểm VIP',
  rare_gear_chest: 'Hòm trang bị hiếm',
  spade_card: 'Thẻ Bích',
  lucky_ticket: 'Vé bốc thăm',
  lucky_chest: 'Rương bốc thăm',
  skin_moon_lantern: 'Trang phục Đèn Lồng Trăng',
  mooncake: 'Bánh trung thu',
  skin_ao_dai: 'Trang phục Áo Dài',
  red_envelope: 'Lì xì',
  skin_pumpkin: 'Trang phục Bí Ngô',
  candy: 'Kẹo',
  skin_ocean: 'Trang phục Biển Xanh',
  mount_dolphin: 'Thú cưỡi Cá Heo',
};

/** 300000 gold -> "300,000 × Vàng": a quantity in the product's number style, then the item's name. */
export function formatItem(item: { itemId: string; quantity: number }): string {
  return `${formatCount(item.quantity)} × ${itemLabels[item.itemId] ?? item.itemId}`;
}

/** A pack's or a mail's contents on one line: "300,000 × Vàng, 10 × Rương tướng". */
export const formatItems = (items: readonly { itemId: string; quantity: number }[]) => items.map(formatItem).join(', ');

/** Vietnamese label of a category, for lists and article headers. */
export const newsCategoryLabels: Record<NewsCategory, string> = {
  updates: 'Cập nhật',
  events: 'Sự kiện',
  maintenance: 'Bảo trì',
};
