import { z } from 'zod';
import { paged, pageQuerySchema } from './envelope';

export const storeTabs = ['tieu-bieu', 'flash-sale', 'ba-bich', 'boc-tham', 'chu-de', 'tien-te'] as const;
export type StoreTab = (typeof storeTabs)[number];
/** The tab value that shows every group. */
export const ALL_TABS = 'tat-ca';
export const DEFAULT_STORE_TAB: StoreTab = 'tieu-bieu';

export const storeTabLabels: Record<StoreTab | typeof ALL_TABS, string> = {
  'tieu-bieu': 'Tiêu biểu',
  'flash-sale': 'Flash Sale',
  'ba-bich': 'Ba Bích',
  'boc-tham': 'Bốc thăm',
  'chu-de': 'Chủ đề',
  'tien-te': 'Tiền tệ',
  'tat-ca': 'Tất cả',
};

export function isStoreTab(value: unknown): value is StoreTab | typeof ALL_TABS {
  return value === ALL_TABS || (storeTabs as readonly string[]).includes(value as string);
}

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

/** Drawn by apps/web/art/draw-art.mjs; banners follow the history path of point 2, /shop/banner-{productId}.webp. */
const art = (id: number) => ({ banner: `/shop/banner-${id}.webp`, thumbnails: [`/shop/thumb-${id}.webp`] });
const daily: PurchaseLimit = { kind: 'daily' };
const gold: PurchaseLimit = { kind: 'monthly', group: 'gold' };
const item = (itemId: string, quantity: number): PackItem => ({ itemId, quantity });

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

export function packsOfTab(tab: StoreTab): Pack[] {
  return catalogue.filter((entry) => entry.tab === tab);
}

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
  const vietnam = new Date(now.getTime() + 7 * 3_600_000).toISOString();
  return limit.kind === 'daily'
    ? { key: `daily:${productId}`, period: vietnam.slice(0, 10) }
    : { key: `${limit.group}:${productId}`, period: vietnam.slice(0, 7) };
}

const ID_PREFIX = 'ID: ';

/** The purchase payload carries the User ID without the 'ID: ' prefix that players often paste. */
export function stripIdPrefix(value: string): string {
  const trimmed = value.trim();
  return trimmed.startsWith(ID_PREFIX) ? trimmed.slice(ID_PREFIX.length).trim() : trimmed;
}

export const shortIdFieldSchema = z
  .string({ error: 'Vui lòng nhập User ID.' })
  .trim()
  .min(1, { error: 'Vui lòng nhập User ID.', abort: true })
  .max(10, 'Vui lòng nhập trong khoảng 0-10 kí tự.');

const strippedShortId = z.string({ error: 'Vui lòng nhập User ID.' }).transform(stripIdPrefix).pipe(shortIdFieldSchema);

/** The purchase form of point 3: shortId (a pasted 'ID: ' prefix does not count) and productId (0 until chosen). */
export const purchaseFormSchema = z.object({
  shortId: strippedShortId,
  productId: z.number().int().min(0),
});
export type PurchaseForm = z.infer<typeof purchaseFormSchema>;

/** POST /api/transactions/bank. The 'ID: ' prefix is removed before the length rule applies. */
export const purchaseBodySchema = z.object({
  shortId: strippedShortId,
  productId: z.coerce.number().int().positive(),
});
export type PurchaseBody = z.infer<typeof purchaseBodySchema>;

export const purchaseResultSchema = z.object({ id: z.string() });

/** `held`: paid in full but the receiver had reached the pack's limit; `cancelled`: a sibling order was paid. */
export const transactionStatusSchema = z.enum(['initial', 'done', 'held', 'cancelled']);
export type TransactionStatus = z.infer<typeof transactionStatusSchema>;
export const deliveryStatusSchema = z.enum(['pending', 'delivered', 'dead']);

export const storeCodes = {
  userNotFound: 'api.user.not_found',
  productLimited: 'api.transaction.product.limited',
  productNotFound: 'api.transaction.product.not_found',
  alreadyPaid: 'api.transaction.already_done',
  refundTooMuch: 'api.refund.exceeds_received',
} as const;

export const storeMessages = {
  userNotFound: 'User ID không tồn tại.',
  productLimited: 'Tài khoản của bạn đã đạt giới hạn mua gói này, vui lòng thử lại sau',
  productNotFound: 'Gói này không tồn tại hoặc đã ngừng bán.',
  transactionNotFound: 'Không tìm thấy giao dịch.',
} as const;

/** GET /api/transactions/bank/{id}: everything the transfer and history panels show. */
export const bankTransactionSchema = z.object({
  id: z.string(),
  code: z.string(),
  productId: z.number().int(),
  productTitle: z.string(),
  totalPrice: z.number().int(),
  accumulatedAmount: z.number().int(),
  status: transactionStatusSchema,
  receiver: z.object({ displayName: z.string(), avatar: z.string().nullable(), shortId: z.string() }),
  bank: z.object({ name: z.string(), bin: z.string(), accountNumber: z.string(), accountName: z.string() }),
  qr: z.object({ payload: z.string() }),
  delivery: deliveryStatusSchema.nullable(),
  /** Money sent back to the payer (held or surplus money). */
  refundedAmount: z.number().int(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  /** The demo offers a "simulate the transfer" button; never true in production. */
  simulateAvailable: z.boolean(),
});
export type BankTransaction = z.infer<typeof bankTransactionSchema>;

/** The fields every view of an order shows: the player's history and the console. */
const orderFields = {
  id: z.string(),
  code: z.string(),
  productId: z.number().int(),
  productTitle: z.string(),
  totalPrice: z.number().int(),
  accumulatedAmount: z.number().int(),
  status: transactionStatusSchema,
  delivery: deliveryStatusSchema.nullable(),
  refundedAmount: z.number().int(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
};

/** One row of the signed-in player's order history (bought or received). */
export const orderHistoryItemSchema = z.object({
  ...orderFields,
  receiverShortId: z.string(),
  role: z.enum(['bought', 'received', 'both']),
});
export type OrderHistoryItem = z.infer<typeof orderHistoryItemSchema>;
export const orderHistorySchema = paged(orderHistoryItemSchema);
export const orderHistoryQuerySchema = pageQuerySchema;

/** Demo only: the amount the "simulate the transfer" button sends. */
export const simulateTransferBodySchema = z.object({
  amount: z.coerce.number().int().min(1).max(100_000_000),
});

const noteSchema = z
  .string({ error: 'Vui lòng nhập ghi chú.' })
  .trim()
  .min(1, { error: 'Vui lòng nhập ghi chú.', abort: true })
  .max(500, 'Vui lòng nhập trong khoảng 0-500 kí tự.');

/** Why a bank event is (or is not) money on an order; everything but `credited` waits for staff. */
export const bankEventMatchSchema = z.enum([
  'credited',
  'overpaid',
  'late',
  'unmatched',
  'wrong_account',
  'outgoing',
  'invalid',
  'limit_reached',
  'cancelled',
]);
export type BankEventMatch = z.infer<typeof bankEventMatchSchema>;
export const bankEventsNeedingReview: BankEventMatch[] = [
  'overpaid',
  'late',
  'unmatched',
  'wrong_account',
  'invalid',
  'limit_reached',
  'cancelled',
];

export const bankEventSchema = z.object({
  id: z.string(),
  provider: z.string(),
  providerId: z.string(),
  orderId: z.string().nullable(),
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

export const internalTransactionSchema = z.object({
  ...orderFields,
  kind: z.enum(['bank', 'manual']),
  receiver: z.object({ id: z.string(), shortId: z.string(), displayName: z.string() }),
  buyerId: z.string().nullable(),
  paidBy: z.enum(['bank', 'staff', 'grant']).nullable(),
  note: z.string().nullable(),
});
export type InternalTransaction = z.infer<typeof internalTransactionSchema>;

export const mailSchema = z.object({
  id: z.string(),
  status: deliveryStatusSchema,
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  nextAttemptAt: z.string(),
  deliveredAt: z.string().nullable(),
  items: z.array(z.object({ itemId: z.string(), quantity: z.number().int() })),
});

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

const optionalDate = z.iso.datetime({ offset: true }).optional();

/** How the staff list of orders is sorted: by creation time or by price. */
export const transactionSortSchema = z.enum(['newest', 'oldest', 'price_desc', 'price_asc']);
export type TransactionSort = z.infer<typeof transactionSortSchema>;

/** The filters of the staff list of orders, shared by the paged list and the CSV export. */
export const transactionFilterSchema = z.object({
  status: transactionStatusSchema.optional(),
  /** One search box: an order code, a transaction id or a User ID. */
  q: z.string().trim().max(64).optional(),
  code: z.string().trim().max(25).optional(),
  shortId: z.string().trim().max(10).optional(),
  from: optionalDate,
  to: optionalDate,
  sort: transactionSortSchema.default('newest'),
});
export type TransactionFilter = z.infer<typeof transactionFilterSchema>;

export const internalTransactionQuerySchema = pageQuerySchema.extend(transactionFilterSchema.shape);
/** GET /api/internal/transactions/export.csv takes the same filters as query parameters. */
export const transactionExportQuerySchema = transactionFilterSchema;
/** The export stops at this many rows; narrow the dates for more. */
export const TRANSACTION_EXPORT_LIMIT = 10_000;
export const internalTransactionPageSchema = paged(internalTransactionSchema);

export const markTransactionBodySchema = z.object({ note: noteSchema });

export const createManualTransactionBodySchema = z.object({
  shortId: strippedShortId,
  productId: z.coerce.number().int().positive(),
  reason: noteSchema,
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
  code: z
    .string({ error: 'Vui lòng nhập mã giao dịch.' })
    .trim()
    .min(1, { error: 'Vui lòng nhập mã giao dịch.', abort: true })
    // An order code (≤ 25) or a transaction id (36).
    .max(36, 'Mã giao dịch không hợp lệ.'),
  note: noteSchema,
});

export const internalMailSchema = mailSchema.extend({
  receiverShortId: z.string(),
  title: z.string(),
  source: z.string(),
  sourceId: z.string(),
  createdAt: z.string(),
});
export const internalMailQuerySchema = pageQuerySchema.extend({ status: deliveryStatusSchema.default('dead') });
export const internalMailPageSchema = paged(internalMailSchema);
export type InternalMail = z.infer<typeof internalMailSchema>;

/** An admin records money sent back from a bank event's held or surplus money. */
export const refundBodySchema = z.object({
  amount: z.coerce
    .number({ error: 'Vui lòng nhập số tiền.' })
    .int('Số tiền phải là số nguyên.')
    .min(1, 'Số tiền phải lớn hơn 0.')
    .max(Number.MAX_SAFE_INTEGER),
  bankReference: z
    .string({ error: 'Vui lòng nhập mã tham chiếu.' })
    .trim()
    .min(1, { error: 'Vui lòng nhập mã tham chiếu.', abort: true })
    .max(100, 'Vui lòng nhập trong khoảng 0-100 kí tự.'),
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

export const dailyReportEventSchema = bankEventSchema.omit({ payload: true }).extend({
  orderCode: z.string().nullable(),
  /** Why this event does not balance, or null. */
  problem: z.string().nullable(),
});

/** Money in = credited + held + refunded, for one Vietnam-time day. */
export const dailyReportSchema = z.object({
  date: z.string(),
  moneyIn: z.number().int(),
  credited: z.number().int(),
  held: z.number().int(),
  refunded: z.number().int(),
  balanced: z.boolean(),
  events: z.array(dailyReportEventSchema),
});
export type DailyReport = z.infer<typeof dailyReportSchema>;
