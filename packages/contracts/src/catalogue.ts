/**
 * @carabala/contracts/catalogue: the fixed store catalogue (tabs, packs, prices, what each product
 * delivers, purchase limits). No zod: the store page imports it without the schemas.
 */
import { vietnamDay } from './vietnam-time';

export const storeTabs = ['tieu-bieu', 'flash-sale', 'ba-bich', 'boc-tham', 'chu-de', 'tien-te'] as const;
export type StoreTab = (typeof storeTabs)[number];
/** The tab value that shows every group. */
export const ALL_TABS = 'tat-ca';
export const DEFAULT_STORE_TAB: StoreTab = 'tieu-bieu';

export function isStoreTab(value: unknown): value is StoreTab | typeof ALL_TABS {
  return value === ALL_TABS || (storeTabs as readonly string[]).includes(value as string);
}

/**
 * The in-game items the site may send (packs, gift codes), with the Vietnamese name players and
 * staff read: the one list of item ids. Gift-code rewards pick from it; labels come from it.
 */
export const items = [
  { id: 'diamond', label: 'Kim cương' },
  { id: 'gold', label: 'Vàng' },
  { id: 'hero_chest', label: 'Rương tướng' },
  { id: 'monthly_card', label: 'Thẻ tháng' },
  { id: 'stamina', label: 'Thể lực' },
  { id: 'enhance_stone', label: 'Đá cường hóa' },
  { id: 'legend_hero_shard', label: 'Mảnh tướng huyền thoại' },
  { id: 'vip_exp', label: 'Điểm VIP' },
  { id: 'rare_gear_chest', label: 'Hòm trang bị hiếm' },
  { id: 'spade_card', label: 'Thẻ Bích' },
  { id: 'lucky_ticket', label: 'Vé bốc thăm' },
  { id: 'lucky_chest', label: 'Rương bốc thăm' },
  { id: 'skin_moon_lantern', label: 'Trang phục Đèn Lồng Trăng' },
  { id: 'mooncake', label: 'Bánh trung thu' },
  { id: 'skin_ao_dai', label: 'Trang phục Áo Dài' },
  { id: 'red_envelope', label: 'Lì xì' },
  { id: 'skin_pumpkin', label: 'Trang phục Bí Ngô' },
  { id: 'candy', label: 'Kẹo' },
  { id: 'skin_ocean', label: 'Trang phục Biển Xanh' },
  { id: 'mount_dolphin', label: 'Thú cưỡi Cá Heo' },
] as const;
export type ItemId = (typeof items)[number]['id'];
export const itemIds: readonly ItemId[] = items.map((entry) => entry.id);

export function isItemId(value: unknown): value is ItemId {
  return (itemIds as readonly unknown[]).includes(value);
}

/** Stored rows may name an item that is no longer listed (or never was): they keep their id. */
export interface PackItem {
  itemId: string;
  quantity: number;
}

/**
 * How often one receiving player may buy a pack: flash-sale packs once a day, gold packs once a
 * month (staff can reset the month's gold purchases). Periods follow Vietnam time.
 */
export type PurchaseLimit = { kind: 'daily' } | { kind: 'monthly'; group: 'gold' };

/** One choice of a selectable pack; its id is the product id that is bought. */
export interface PackOption {
  id: number;
  /** The option's price in dong. */
  value: number;
  title: string;
  items: PackItem[];
  limit?: PurchaseLimit;
}

export interface Pack {
  id: number;
  title: string;
  /** Dong; for a selectable pack, the lowest option price ("from"). */
  price: number;
  tab: StoreTab;
  banner: string;
  thumbnails: string[];
  isSelect: boolean;
  options?: PackOption[];
  items: PackItem[];
  limit?: PurchaseLimit;
}

/** Drawn by apps/web/art/draw-art.mjs; a pack's banner is /shop/banner-{productId}.webp, the path the order history shows. */
const art = (id: number) => ({ banner: `/shop/banner-${id}.webp`, thumbnails: [`/shop/thumb-${id}.webp`] });
const daily: PurchaseLimit = { kind: 'daily' };
const gold: PurchaseLimit = { kind: 'monthly', group: 'gold' };
const item = (itemId: ItemId, quantity: number): PackItem => ({ itemId, quantity });

function pack(id: number, tab: StoreTab, title: string, price: number, items: PackItem[], limit?: PurchaseLimit): Pack {
  return { id, title, price, tab, ...art(id), isSelect: false, items, ...(limit ? { limit } : {}) };
}

function selectable(id: number, tab: StoreTab, title: string, options: PackOption[]): Pack {
  return {
    id,
    title,
    price: Math.min(...options.map((option) => option.value)),
    tab,
    ...art(id),
    isSelect: true,
    options,
    items: [],
  };
}

/** The fixed catalogue. The API's copy is authoritative: it sets every price and every delivery. */
export const catalogue: readonly Pack[] = [
  pack(101, 'tieu-bieu', 'Gói Tân Thủ', 49_000, [item('diamond', 120), item('gold', 50_000), item('hero_chest', 1)]),
  pack(102, 'tieu-bieu', 'Gói Thẻ Tháng', 109_000, [item('monthly_card', 1), item('diamond', 300)]),
  pack(103, 'tieu-bieu', 'Gói Chiến Binh Tuần', 79_000, [item('stamina', 200), item('enhance_stone', 50)]),
  pack(104, 'tieu-bieu', 'Gói Khởi Đầu Huyền Thoại', 129_000, [item('legend_hero_shard', 30), item('diamond', 200)]),
  pack(105, 'tieu-bieu', 'Gói Vàng Tháng', 249_000, [item('gold', 2_000_000), item('vip_exp', 500)], gold),
  pack(201, 'flash-sale', 'Flash Sale Sáng: Rương Kim Cương', 49_000, [item('diamond', 180)], daily),
  pack(202, 'flash-sale', 'Flash Sale Trưa: Túi Đá Cường Hóa', 79_000, [item('enhance_stone', 150)], daily),
  pack(203, 'flash-sale', 'Flash Sale Tối: Hòm Trang Bị Hiếm', 129_000, [item('rare_gear_chest', 3)], daily),
  pack(204, 'flash-sale', 'Flash Sale Cuối Tuần', 299_000, [item('diamond', 900), item('hero_chest', 3)], daily),
  pack(301, 'ba-bich', 'Gói Ba Bích Đồng', 49_000, [item('spade_card', 3), item('gold', 100_000)]),
  pack(302, 'ba-bich', 'Gói Ba Bích Bạc', 109_000, [item('spade_card', 8), item('gold', 300_000)]),
  pack(303, 'ba-bich', 'Gói Ba Bích Vàng', 499_000, [item('spade_card', 40), item('gold', 1_500_000)], gold),
  pack(304, 'ba-bich', 'Gói Ba Bích Kim Cương', 799_000, [item('spade_card', 70), item('diamond', 1_000)]),
  pack(401, 'boc-tham', 'Vé Bốc Thăm x10', 79_000, [item('lucky_ticket', 10)]),
  pack(402, 'boc-tham', 'Vé Bốc Thăm x50', 299_000, [item('lucky_ticket', 50)]),
  pack(403, 'boc-tham', 'Vé Bốc Thăm x100', 499_000, [item('lucky_ticket', 100), item('lucky_chest', 1)]),
  selectable(44, 'boc-tham', 'Gói Bốc Thăm Tùy Chọn', [
    { id: 44, value: 49_000, title: 'Túi Vé May Mắn', items: [item('lucky_ticket', 6)] },
    { id: 45, value: 79_000, title: 'Rương Bốc Thăm Bí Ẩn', items: [item('lucky_chest', 2)] },
    {
      id: 4445,
      value: 109_000,
      title: 'Combo Túi Vé May Mắn + Rương Bốc Thăm',
      items: [item('lucky_ticket', 6), item('lucky_chest', 2)],
    },
  ]),
  pack(501, 'chu-de', 'Gói Trung Thu Trăng Vàng', 249_000, [item('skin_moon_lantern', 1), item('mooncake', 20)]),
  pack(502, 'chu-de', 'Gói Tết Nguyên Đán', 499_000, [item('skin_ao_dai', 1), item('red_envelope', 30)]),
  pack(503, 'chu-de', 'Gói Halloween Bí Ngô', 129_000, [item('skin_pumpkin', 1), item('candy', 50)]),
  selectable(46, 'chu-de', 'Gói Mùa Hè Rực Rỡ', [
    { id: 46, value: 129_000, title: 'Trang Phục Biển Xanh', items: [item('skin_ocean', 1)] },
    { id: 47, value: 249_000, title: 'Thú Cưỡi Cá Heo', items: [item('mount_dolphin', 1)] },
    {
      id: 4647,
      value: 299_000,
      title: 'Combo Trang Phục Biển Xanh + Thú Cưỡi Cá Heo',
      items: [item('skin_ocean', 1), item('mount_dolphin', 1)],
    },
  ]),
  pack(601, 'tien-te', '120 Kim Cương', 49_000, [item('diamond', 120)]),
  pack(602, 'tien-te', '200 Kim Cương', 79_000, [item('diamond', 200)]),
  pack(603, 'tien-te', '330 Kim Cương', 129_000, [item('diamond', 330)]),
  pack(604, 'tien-te', '650 Kim Cương', 249_000, [item('diamond', 650)]),
  pack(605, 'tien-te', '1,350 Kim Cương', 499_000, [item('diamond', 1_350)]),
  pack(606, 'tien-te', '2,200 Kim Cương', 799_000, [item('diamond', 2_200)]),
  pack(607, 'tien-te', '3,650 Kim Cương', 1_299_000, [item('diamond', 3_650)]),
  pack(608, 'tien-te', '7,200 Kim Cương', 2_499_000, [item('diamond', 7_200)]),
];

export function findPack(id: number): Pack | undefined {
  return catalogue.find((entry) => entry.id === id);
}

/** What a product id buys: a plain pack, or one option of a selectable pack. */
export interface Purchasable {
  productId: number;
  title: string;
  price: number;
  items: PackItem[];
  limit?: PurchaseLimit;
  /** The card that shows it (a selectable pack's id for its options). */
  packId: number;
}

export function findPurchasable(productId: number): Purchasable | undefined {
  for (const entry of catalogue) {
    if (!entry.isSelect && entry.id === productId) {
      return {
        productId,
        title: entry.title,
        price: entry.price,
        items: entry.items,
        limit: entry.limit,
        packId: entry.id,
      };
    }
    const option = entry.options?.find((candidate) => candidate.id === productId);
    if (option) {
      return {
        productId,
        title: option.title,
        price: option.value,
        items: option.items,
        limit: option.limit,
        packId: entry.id,
      };
    }
  }
  return undefined;
}

/** The card a product id belongs to (an option id leads to its selectable pack). */
export function packOfProduct(productId: number): Pack | undefined {
  const found = findPurchasable(productId);
  return found ? findPack(found.packId) : findPack(productId);
}

/** The key a limit is counted under, and the Vietnam-time period it covers (e.g. 2026-11-21 or 2026-11). */
export function purchaseLimitSlot(productId: number, limit: PurchaseLimit, now: Date): { key: string; period: string } {
  const day = vietnamDay(now);
  return limit.kind === 'daily'
    ? { key: `daily:${productId}`, period: day }
    : { key: `${limit.group}:${productId}`, period: day.slice(0, 7) };
}

/**
 * When a limit counted now lets the receiver buy again: the next Vietnam midnight for a daily limit,
 * 00:00 on the first of next month for a monthly one (unless staff reset the month's gold packs first).
 */
export function purchaseLimitResetsAt(limit: PurchaseLimit, now: Date): Date {
  const [year, month, day] = vietnamDay(now).split('-').map(Number) as [number, number, number];
  // Vietnam keeps UTC+7 all year; Date.UTC rolls the day or month over (31 + 1, December + 1).
  const vietnamMidnight = (y: number, m: number, d: number) => new Date(Date.UTC(y, m - 1, d) - 7 * 3_600_000);
  return limit.kind === 'daily' ? vietnamMidnight(year, month, day + 1) : vietnamMidnight(year, month + 1, 1);
}
