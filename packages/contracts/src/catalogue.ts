/**
 * @carabala/contracts/catalogue: the shapes of the store catalogue (tabs, the item list, packs,
 * options, limits, sales) and the rules both sides compute from them (a product's price now, a
 * limit's period). The packs themselves live in the database (the API's catalogue module, decision
 * record 034). No zod: the store page imports it without the schemas.
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
 * The embedded game's items (no GAME_API_URL), with the Vietnamese name players and staff read. The
 * items staff may put in packs and codes are the game's list, which the API keeps a copy of (game_items,
 * refreshed from this list in the embedded mode); the labels fall back to these names.
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

/** How a purchase limit is counted: per Vietnam day, ISO week, month, the pack's event window, or ever. */
export const limitKinds = ['daily', 'weekly', 'monthly', 'window', 'ever'] as const;
export type LimitKind = (typeof limitKinds)[number];

/**
 * How often one receiving player may buy a product: `count` times (1 unless said) per period. Gold
 * packs are monthly limits in the `gold` group, which staff can reset for the month.
 */
export interface PurchaseLimit {
  kind: LimitKind;
  count?: number;
  group?: 'gold';
}

/** A price for a time: [startsAt, endsAt), ISO 8601. */
export interface PackSale {
  price: number;
  startsAt: string;
  endsAt: string;
}

/** A pack's pictures; null on a pack means drawn art. */
export interface PackArt {
  banner: string;
  thumbnail: string;
}

/** One choice of a selectable pack; its id is the product id that is bought. */
export interface PackOption {
  id: number;
  /** The option's price in dong. */
  value: number;
  title: string;
  items: PackItem[];
  limit?: PurchaseLimit | null;
  /** The option's own banner (the seeded options have one each, /shop/banner-{id}.webp). */
  banner?: string | null;
}

/** A pack as the store shows it (GET /api/store/packs): published, and visible now. */
export interface Pack {
  id: number;
  title: string;
  /** Dong, before any sale; for a selectable pack, the lowest option price ("from"). */
  price: number;
  tab: StoreTab;
  art: PackArt | null;
  isSelect: boolean;
  options?: PackOption[] | null;
  items: PackItem[];
  limit?: PurchaseLimit | null;
  /** A sale that has started or is still to come while the pack shows; null when none. */
  sale?: PackSale | null;
  /** When the pack stops showing; null when it stays. */
  visibleUntil?: string | null;
}

/** What a product id buys: a plain pack, or one option of a selectable pack. */
export interface Purchasable {
  productId: number;
  title: string;
  /** The price now: the sale price while the sale runs. */
  price: number;
  items: PackItem[];
  limit?: PurchaseLimit | null;
  /** The card that shows it (a selectable pack's id for its options). */
  packId: number;
}

/** Whether a sale is running at `now` (start included, end excluded). */
export function saleRunning(sale: PackSale | null | undefined, now: Date): sale is PackSale {
  if (!sale) return false;
  const at = now.getTime();
  return Date.parse(sale.startsAt) <= at && at < Date.parse(sale.endsAt);
}

/**
 * The price at `now`: the sale's while it runs, and only when it is lower (a sale never raises a
 * price). The one price rule: the quote (`@carabala/contracts/quote`) and `purchasableOf` use it.
 */
export function priceAt(listPrice: number, sale: PackSale | null | undefined, now: Date) {
  const running = saleRunning(sale, now) && sale.price < listPrice ? sale : null;
  return { price: running ? running.price : listPrice, sale: running };
}

/** What `productId` buys from `pack` at `now`, or undefined when the pack does not sell it. */
export function purchasableOf(pack: Pack, productId: number, now: Date): Purchasable | undefined {
  if (!pack.isSelect) {
    if (pack.id !== productId) return undefined;
    const { price } = priceAt(pack.price, pack.sale, now);
    return { productId, title: pack.title, price, items: pack.items, limit: pack.limit, packId: pack.id };
  }
  const option = pack.options?.find((candidate) => candidate.id === productId);
  if (!option) return undefined;
  return {
    productId,
    title: option.title,
    price: option.value,
    items: option.items,
    limit: option.limit,
    packId: pack.id,
  };
}

/** The number of purchases a limit allows per period. */
export const limitCount = (limit: PurchaseLimit) => limit.count ?? 1;

const vietnamMidnight = (y: number, m: number, d: number) => new Date(Date.UTC(y, m - 1, d) - 7 * 3_600_000);

/** Monday 00:00 of the Vietnam week `now` falls in, and its ISO week label (2026-W05). */
function vietnamWeek(now: Date): { start: Date; label: string } {
  const [year, month, day] = vietnamDay(now).split('-').map(Number) as [number, number, number];
  const civil = new Date(Date.UTC(year, month - 1, day));
  const weekday = (civil.getUTCDay() + 6) % 7; // Monday 0
  const start = vietnamMidnight(year, month, day - weekday);
  // ISO week: the week of the year's first Thursday is week 1.
  const thursday = new Date(civil.getTime() + (3 - weekday) * 86_400_000);
  const isoYear = thursday.getUTCFullYear();
  const week = Math.floor((thursday.getTime() - Date.UTC(isoYear, 0, 1)) / (7 * 86_400_000)) + 1;
  return { start, label: `${isoYear}-W${String(week).padStart(2, '0')}` };
}

/**
 * The key a limit is counted under and the period it covers (2026-11-21, 2026-W47, 2026-11, the
 * window's start, or `ever`). A `window` limit needs the window's start (`windowStart`).
 */
export function purchaseLimitSlot(
  productId: number,
  limit: PurchaseLimit,
  now: Date,
  windowStart?: Date | string | null,
): { key: string; period: string } {
  const day = vietnamDay(now);
  switch (limit.kind) {
    case 'daily':
      return { key: `daily:${productId}`, period: day };
    case 'weekly':
      return { key: `weekly:${productId}`, period: vietnamWeek(now).label };
    case 'monthly':
      return { key: `${limit.group ?? 'monthly'}:${productId}`, period: day.slice(0, 7) };
    case 'window':
      // Seconds since 1970 in base 36: ten characters last until the year 5188.
      return {
        key: `window:${productId}`,
        period: Math.floor(new Date(windowStart ?? 0).getTime() / 1000).toString(36),
      };
    case 'ever':
      return { key: `ever:${productId}`, period: 'ever' };
  }
}

/**
 * When a limit counted now lets the receiver buy again: the next Vietnam midnight (daily), the next
 * Monday (weekly), 00:00 on the first of next month (monthly, unless staff reset the month's gold
 * packs first), the window's end (window); never (ever: null).
 */
export function purchaseLimitResetsAt(limit: PurchaseLimit, now: Date, windowEnd?: Date | string | null): Date | null {
  const [year, month, day] = vietnamDay(now).split('-').map(Number) as [number, number, number];
  // Vietnam keeps UTC+7 all year; Date.UTC rolls the day or month over (31 + 1, December + 1).
  switch (limit.kind) {
    case 'daily':
      return vietnamMidnight(year, month, day + 1);
    case 'weekly':
      return new Date(vietnamWeek(now).start.getTime() + 7 * 86_400_000);
    case 'monthly':
      return vietnamMidnight(year, month + 1, 1);
    case 'window':
      return windowEnd ? new Date(windowEnd) : null;
    case 'ever':
      return null;
  }
}

export { promotionBonus, promotionTargets, sumItems } from './promotion-rules';
