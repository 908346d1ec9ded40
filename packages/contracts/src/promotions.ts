import { z } from 'zod';
import { storeTabs } from './catalogue';
import { paged, requiredText } from './envelope';
import { draftedListQuery, draftedRecord, instant, itemListSchema, packItemOut, recordIdParamsSchema } from './packs';

/**
 * Promotions (issue 26, decision record 035): decided in the transaction that marks an order paid.
 * `first_topup`: a receiver's first paid order gets `items` and/or its pack's contents again (`double`);
 * `bonus_window`: +`percent`% of each item of the order (rounded down) while it runs, at most
 * `perPlayerCap` orders a receiver; `spend_milestones`: the receiver's paid total in the window passing
 * each threshold sends that milestone's items in their own mail, once.
 */
export const promotionKinds = ['first_topup', 'bonus_window', 'spend_milestones'] as const;
export type PromotionKind = (typeof promotionKinds)[number];

export const promotionMessages = {
  notFound: 'promotion.notFound',
  title: 'promotion.title',
  kind: 'promotion.kind',
  endsAt: 'promotion.endsAt',
  cap: 'promotion.cap',
  percent: 'promotion.percent',
  threshold: 'promotion.threshold',
  firstTopupReward: 'promotion.firstTopupReward',
  milestonesRequired: 'promotion.milestonesRequired',
  milestoneTwice: 'promotion.milestoneTwice',
} as const;

const whole = (message: string, min: number, max: number) =>
  z.number({ error: message }).int({ error: message }).min(min, { error: message }).max(max, { error: message });

const milestoneSchema = z.object({
  threshold: whole(promotionMessages.threshold, 1_000, 1_000_000_000),
  items: itemListSchema.min(1, { error: promotionMessages.milestonesRequired }),
});

const promotionFields = z.object({
  kind: z.enum(promotionKinds, { error: promotionMessages.kind }),
  title: requiredText(promotionMessages.title, 200),
  startsAt: instant,
  endsAt: instant,
  /** The packs (product or pack ids) and tabs it applies to; both empty: every pack. */
  packIds: z.array(z.number().int().positive()).max(100).default([]),
  tabs: z.array(z.enum(storeTabs)).max(storeTabs.length).default([]),
  /** How many orders of one receiver a bonus window rewards (first top-up: once; milestones: each once). */
  perPlayerCap: whole(promotionMessages.cap, 1, 1_000).default(1),
  /** First top-up: give the pack's contents again. */
  double: z.boolean().default(false),
  /** First top-up: items given on top. */
  items: itemListSchema.default([]),
  /** Bonus window: +percent% of each item. */
  percent: whole(promotionMessages.percent, 1, 1_000).nullable().default(null),
  milestones: z.array(milestoneSchema).max(10).default([]),
});
type PromotionFields = z.infer<typeof promotionFields>;

function checkPromotion(promotion: PromotionFields, context: z.RefinementCtx) {
  const issue = (path: string, message: string) => context.addIssue({ code: 'custom', path: [path], message });
  if (Date.parse(promotion.endsAt) <= Date.parse(promotion.startsAt)) issue('endsAt', promotionMessages.endsAt);
  if (promotion.kind === 'first_topup' && !promotion.double && promotion.items.length === 0) {
    issue('items', promotionMessages.firstTopupReward);
  }
  if (promotion.kind === 'bonus_window' && promotion.percent === null) issue('percent', promotionMessages.percent);
  if (promotion.kind === 'spend_milestones') {
    const thresholds = promotion.milestones.map((milestone) => milestone.threshold);
    if (thresholds.length === 0) issue('milestones', promotionMessages.milestonesRequired);
    if (new Set(thresholds).size !== thresholds.length) issue('milestones', promotionMessages.milestoneTwice);
  }
}

/** POST /api/internal/promotions and PUT /api/internal/promotions/{id}: the whole draft. */
export const promotionBodySchema = promotionFields.superRefine(checkPromotion);
export type PromotionBody = z.input<typeof promotionBodySchema>;
/** A draft or a published state as stored. */
export type PromotionContent = z.infer<typeof promotionFields>;

const contentOut = promotionFields.extend({
  items: z.array(packItemOut),
  milestones: z.array(z.object({ threshold: z.number().int(), items: z.array(packItemOut) })),
});

export const staffPromotionSchema = draftedRecord(contentOut).extend({
  /** How many bonuses and milestone rewards it has given. */
  claims: z.number().int(),
  /**
   * The packs its draft names (`packIds`, in order) with their console names: a pack's title, or
   * "pack · option"; null for an id no pack has.
   */
  packs: z.array(z.object({ id: z.number().int(), title: z.string().nullable() })),
});
export type StaffPromotion = z.infer<typeof staffPromotionSchema>;
export const staffPromotionPageSchema = paged(staffPromotionSchema);

export const promotionIdParamsSchema = recordIdParamsSchema;

export const promotionListQuerySchema = draftedListQuery({ kind: z.enum(promotionKinds).optional() });
export type PromotionListQuery = z.infer<typeof promotionListQuerySchema>;

export const storePromotionSchema = contentOut.omit({ perPlayerCap: true, startsAt: true }).extend({
  id: z.number().int(),
});
export type StorePromotion = z.infer<typeof storePromotionSchema>;
export const storePromotionsSchema = z.object({ promotions: z.array(storePromotionSchema) });

export { promotionBonus, promotionTargets, sumItems } from './promotion-rules';

/**
 * GET /api/events/{id}: a published spend-milestones promotion as its event page "Sự kiện nạp tích lũy"
 * shows it to everyone: its window, the packs it counts (none: every pack) and each milestone's rewards.
 */
export const promotionEventSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  packIds: z.array(z.number().int()),
  tabs: z.array(z.enum(storeTabs)),
  milestones: z.array(z.object({ threshold: z.number().int(), items: z.array(packItemOut) })),
});
export type PromotionEvent = z.infer<typeof promotionEventSchema>;

/**
 * GET /api/events/{id}/progress (signed in): the player's paid total in the window, as the promotion
 * counts it (orders they received, paid inside the window), the next threshold (null: all passed) and
 * the milestones already given, with when.
 */
export const promotionEventProgressSchema = z.object({
  spent: z.number().int(),
  next: z.number().int().nullable(),
  received: z.array(z.object({ threshold: z.number().int(), items: z.array(packItemOut), at: z.string() })),
});
export type PromotionEventProgress = z.infer<typeof promotionEventProgressSchema>;
