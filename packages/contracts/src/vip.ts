import { z } from 'zod';
import { paged, requiredText } from './envelope';
import { draftedListQuery, draftedRecord, itemListSchema, packItemOut, recordIdParamsSchema } from './packs';

/**
 * VIP tiers (issue 41, decision record 059): staff draft and publish each tier (a name, a threshold of
 * credited đồng over a rolling window of days, and its perks: +bonusPercent% of every pack's items,
 * the tier-only packs it sees, a monthly gift of in-game items). A player's tier follows from their
 * credited money; the tier held on the first day of a Vietnam month is kept for that whole month.
 */
export const vipMessages = {
  notFound: 'vip.notFound',
  title: 'vip.title',
  threshold: 'vip.threshold',
  windowDays: 'vip.windowDays',
  bonusPercent: 'vip.bonusPercent',
  packIds: 'vip.packIds',
} as const;

const whole = (message: string, min: number, max: number) =>
  z.number({ error: message }).int({ error: message }).min(min, { error: message }).max(max, { error: message });

const vipTierFields = z.object({
  title: requiredText(vipMessages.title, 60),
  /** Credited đồng over the window that reaches the tier. */
  threshold: whole(vipMessages.threshold, 1_000, 100_000_000_000),
  /** The rolling window of days the money is counted over (at least a month: decision record 059). */
  windowDays: whole(vipMessages.windowDays, 31, 3_650).default(365),
  /** +percent% of each item of every pack the player buys (rounded down). */
  bonusPercent: whole(vipMessages.bonusPercent, 0, 100).default(0),
  /** Tier-only packs (pack or product ids): only this tier and the tiers above see them. */
  packIds: z
    .array(z.number({ error: vipMessages.packIds }).int().positive())
    .max(50)
    .default([]),
  /** The monthly gift, sent as an in-game mail once a Vietnam month; none: no gift. */
  giftItems: itemListSchema.default([]),
});

/** POST /api/internal/vip-tiers and PUT /api/internal/vip-tiers/{id}: the whole draft. */
export const vipTierBodySchema = vipTierFields;
export type VipTierBody = z.input<typeof vipTierBodySchema>;
/** A draft or a published tier as stored. */
export type VipTierContent = z.infer<typeof vipTierFields>;

const contentOut = vipTierFields.extend({ giftItems: z.array(packItemOut) });

export const staffVipTierSchema = draftedRecord(contentOut).extend({
  /** Players holding this published tier now. */
  players: z.number().int(),
  /** The tier-only packs its draft names, with their console names (null: an id no pack has). */
  packs: z.array(z.object({ id: z.number().int(), title: z.string().nullable() })),
});
export type StaffVipTier = z.infer<typeof staffVipTierSchema>;
export const staffVipTierPageSchema = paged(staffVipTierSchema);
export const vipTierIdParamsSchema = recordIdParamsSchema;
export const vipTierListQuerySchema = draftedListQuery({});
export type VipTierListQuery = z.infer<typeof vipTierListQuerySchema>;

/** A published tier as players read it. */
export const publicVipTierSchema = contentOut.extend({ id: z.number().int() });
export type PublicVipTier = z.infer<typeof publicVipTierSchema>;

/** GET /api/vip/tiers: the published tiers, lowest threshold first (the same for everyone). */
export const vipTiersSchema = z.object({ tiers: z.array(publicVipTierSchema) });
export type VipTiers = z.infer<typeof vipTiersSchema>;

/** GET /api/me/vip: the signed-in player's tier, their money in its window and the way to the next. */
export const myVipSchema = z.object({
  tier: publicVipTierSchema.nullable(),
  /** Kept from the start of the month although the money fell below (decision record 059). */
  kept: z.boolean(),
  /** Credited đồng in each tier's window, by tier id. */
  paid: z.record(z.string(), z.number().int()),
  next: z
    .object({
      tier: publicVipTierSchema,
      /** Credited đồng in the next tier's window, and what is still missing. */
      paid: z.number().int(),
      remaining: z.number().int(),
    })
    .nullable(),
});
export type MyVip = z.infer<typeof myVipSchema>;

/** GET /api/internal/analytics/vip-tiers: how many players hold each published tier now (the console's analytics). */
export const vipPlayersPerTierSchema = z.object({
  tiers: z.array(
    z.object({ id: z.number().int(), title: z.string(), threshold: z.number().int(), players: z.number().int() }),
  ),
  /** Players with credited money in the longest window and no tier. */
  withoutTier: z.number().int(),
});
export type VipPlayersPerTier = z.infer<typeof vipPlayersPerTierSchema>;
