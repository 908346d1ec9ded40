import { z } from 'zod';
import { paged, pageQuerySchema, requiredText } from './envelope';
import { draftedListQuery, draftedRecord, itemListSchema, packItemOut, recordIdParamsSchema } from './packs';

/**
 * Points ("Điểm tích lũy") and the rewards shop ("Đổi điểm"), issue 41, decision record 060: an
 * append-only ledger (earn, redeem, expire, staff adjustment) whose sum is the balance; points are
 * in-game only and never turn back into money (Decree 147/2024, Art. 57).
 */
export const pointsEntryKinds = ['earn', 'redeem', 'expire', 'adjust'] as const;
export type PointsEntryKind = (typeof pointsEntryKinds)[number];

/** The refusals players and staff may meet (stable codes; their words in errors.json `api.points`). */
export const pointsCodes = {
  notEnough: 'api.points.not_enough',
  outOfStock: 'api.points.out_of_stock',
  limitReached: 'api.points.limit_reached',
  itemNotFound: 'api.points.item_not_found',
  playerNotFound: 'api.points.player_not_found',
} as const;

/** Catalogue keys of the staff forms' field messages (adminErrors.json `points`). */
export const pointsMessages = {
  ...pointsCodes,
  title: 'points.title',
  price: 'points.price',
  stock: 'points.stock',
  perPlayerLimit: 'points.perPlayerLimit',
  items: 'points.items',
  rate: 'points.rate',
  expiryMonths: 'points.expiryMonths',
  approvalThreshold: 'points.approvalThreshold',
  amount: 'points.amount',
  reason: 'points.reason',
  shortId: 'points.shortId',
} as const;

const whole = (message: string, min: number, max: number) =>
  z.number({ error: message }).int({ error: message }).min(min, { error: message }).max(max, { error: message });

/** The points settings staff draft and publish: the rate, the expiry, the adjustment approval threshold. */
export const pointsSettingsBodySchema = z.object({
  /** Points per 1,000đ of credited money (0: no points are earned). */
  rate: whole(pointsMessages.rate, 0, 1_000),
  /** Earned or added points expire this many months after they were written (0: never). */
  expiryMonths: whole(pointsMessages.expiryMonths, 0, 120),
  /** A staff adjustment of more points than this (either way) waits for a second admin. */
  approvalThreshold: whole(pointsMessages.approvalThreshold, 1, 1_000_000_000),
});
export type PointsSettingsContent = z.infer<typeof pointsSettingsBodySchema>;
export const staffPointsSettingsSchema = draftedRecord(pointsSettingsBodySchema);
export type StaffPointsSettings = z.infer<typeof staffPointsSettingsSchema>;

/** One item of the rewards shop: its name, the in-game items it sends, its price, optional stock and limit. */
export const pointsShopItemBodySchema = z.object({
  title: requiredText(pointsMessages.title, 200),
  items: itemListSchema.min(1, { error: pointsMessages.items }),
  price: whole(pointsMessages.price, 1, 1_000_000_000),
  /** How many redemptions it allows in all (null: no stock limit). */
  stock: whole(pointsMessages.stock, 1, 1_000_000).nullable().default(null),
  /** How many times one player may redeem it (null: no limit). */
  perPlayerLimit: whole(pointsMessages.perPlayerLimit, 1, 1_000).nullable().default(null),
});
export type PointsShopItemBody = z.input<typeof pointsShopItemBodySchema>;
export type PointsShopItemContent = z.infer<typeof pointsShopItemBodySchema>;

const shopItemOut = pointsShopItemBodySchema.extend({ items: z.array(packItemOut) });
export const staffPointsShopItemSchema = draftedRecord(shopItemOut).extend({
  /** How many redemptions it has had. */
  redeemed: z.number().int(),
});
export type StaffPointsShopItem = z.infer<typeof staffPointsShopItemSchema>;
export const staffPointsShopItemPageSchema = paged(staffPointsShopItemSchema);
export const pointsShopItemIdParamsSchema = recordIdParamsSchema;
export const pointsShopItemListQuerySchema = draftedListQuery({});
export type PointsShopItemListQuery = z.infer<typeof pointsShopItemListQuerySchema>;

/** One line of a player's ledger, as the player and staff read it. */
export const pointsEntrySchema = z.object({
  id: z.number().int(),
  kind: z.enum(pointsEntryKinds),
  /** Signed: positive for earn and added points, negative for redeem, expire and removed points. */
  points: z.number().int(),
  /** What it is about: an order's code (earn), a shop item's name (redeem), the staff's reason (adjust). */
  about: z.string().nullable(),
  createdAt: z.string(),
  /** When these points expire (earned and added points; null: never or not points that expire). */
  expiresAt: z.string().nullable(),
});
export type PointsEntry = z.infer<typeof pointsEntrySchema>;

/** GET /api/points: the balance, the points that expire within 30 days, the rules in force. */
export const pointsSummarySchema = z.object({
  balance: z.number().int(),
  expiringSoon: z.object({ points: z.number().int(), at: z.string() }).nullable(),
  /** Points per 1,000đ (null: no published settings). */
  rate: z.number().int().nullable(),
  expiryMonths: z.number().int().nullable(),
});
export type PointsSummary = z.infer<typeof pointsSummarySchema>;

export const pointsHistoryQuerySchema = pageQuerySchema;
export const pointsHistorySchema = paged(pointsEntrySchema);
export type PointsHistory = z.infer<typeof pointsHistorySchema>;

/** One item of the shop as a player sees it: `left` is the stock left (null: no stock limit). */
export const pointsShopEntrySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  items: z.array(z.object({ itemId: z.string(), quantity: z.number().int(), name: z.string().nullable() })),
  price: z.number().int(),
  left: z.number().int().nullable(),
  perPlayerLimit: z.number().int().nullable(),
  /** How many times the signed-in player has redeemed it (0 for a guest). */
  mine: z.number().int(),
});
export type PointsShopEntry = z.infer<typeof pointsShopEntrySchema>;
export const pointsShopSchema = z.object({ items: z.array(pointsShopEntrySchema) });
export type PointsShop = z.infer<typeof pointsShopSchema>;

/** POST /api/points/shop/{id}/redeem: what was redeemed, the balance after, the mail it sent. */
export const pointsRedemptionSchema = z.object({
  id: z.string(),
  title: z.string(),
  price: z.number().int(),
  balance: z.number().int(),
  mailId: z.string(),
});
export type PointsRedemption = z.infer<typeof pointsRedemptionSchema>;

/** POST /api/internal/points/adjustments: add (positive) or remove (negative) a player's points. */
export const pointsAdjustmentBodySchema = z.object({
  shortId: requiredText(pointsMessages.shortId, 20),
  points: whole(pointsMessages.amount, -1_000_000_000, 1_000_000_000).refine((value) => value !== 0, {
    error: pointsMessages.amount,
  }),
  reason: requiredText(pointsMessages.reason, 300),
});
export type PointsAdjustmentBody = z.input<typeof pointsAdjustmentBodySchema>;
export const pointsAdjustmentSchema = z.object({ entryId: z.number().int(), balance: z.number().int() });

/** GET /api/internal/points/players/{shortId}: a player's balance and ledger, for the console. */
export const staffPlayerPointsParamsSchema = z.object({ shortId: requiredText(pointsMessages.shortId, 20) });
export const staffPlayerPointsSchema = z.object({
  player: z.object({ id: z.string(), shortId: z.string(), displayName: z.string() }),
  balance: z.number().int(),
  entries: z.array(pointsEntrySchema),
});
export type StaffPlayerPoints = z.infer<typeof staffPlayerPointsSchema>;

/** GET /api/internal/analytics/points: points issued, redeemed and expired per Vietnam day, and outstanding. */
export { analyticsQuerySchema as pointsAnalyticsQuerySchema } from './analytics';
export const pointsAnalyticsSchema = z.object({
  days: z.array(
    z.object({
      day: z.string(),
      issued: z.number().int(),
      redeemed: z.number().int(),
      expired: z.number().int(),
    }),
  ),
  totals: z.object({ issued: z.number().int(), redeemed: z.number().int(), expired: z.number().int() }),
  /** Every player's balance summed now: what the points still owe (a liability). */
  outstanding: z.number().int(),
});
export type PointsAnalytics = z.infer<typeof pointsAnalyticsSchema>;
