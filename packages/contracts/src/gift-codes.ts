import { characterChoiceFields, orderCharacterSchema } from './characters';
import { z } from 'zod';
import { commonMessages, pageQuerySchema, paged, optionalText } from './envelope';
import { uuidSchema } from './ids';
import { itemIdSchema, itemMessages } from './items';

/** Response codes of the gift-code claim: one per outcome, success and every refusal. */
export const giftCodeCodes = {
  notFound: 'api.gift_code.not_found',
  unauthorized: 'api.gift_code.unauthorized',
  expired: 'api.gift_code.expired',
  noneRemaining: 'api.gift_code.none_remaining',
  claimed: 'api.gift_code.claimed',
  newPlayerOnly: 'api.gift_code.new_player_only',
  duplicate: 'api.gift_code.duplicate',
} as const;
export type GiftCodeRefusal = Exclude<keyof typeof giftCodeCodes, 'duplicate'>;

/** The exact text of each outcome; the page shows the server's message, which is one of these. */
export const giftCodeMessages = {
  success: 'giftCode.success',
  ...giftCodeCodes,
  tooManyAttempts: 'giftCode.tooManyAttempts',
} as const;

const GIFT_CODE_MAX_LENGTH = 40;
const requiredCodeMessage = 'giftCode.required';

/**
 * Makes a typed code comparable: whitespace anywhere is dropped (codes never contain any; pasted
 * codes often do) and letters are upper-cased, so ` abc-123 ` and `ABC-123` are the same code.
 */
export function normalizeGiftCode(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

/** `POST /api/gift-codes/claim`: the page's one field. */
export const giftCodeClaimSchema = z.object({
  code: z
    .string({ error: requiredCodeMessage })
    .transform(normalizeGiftCode)
    .pipe(z.string().min(1, requiredCodeMessage).max(GIFT_CODE_MAX_LENGTH, 'giftCode.length')),
  /** The character that receives the rewards, when the player has more than one. */
  ...characterChoiceFields,
});
export type GiftCodeClaimInput = z.input<typeof giftCodeClaimSchema>;
export type GiftCodeClaimBody = z.output<typeof giftCodeClaimSchema>;

const quantitySchema = z
  .number({ error: 'giftCode.quantityRequired' })
  .int('giftCode.quantityInteger')
  .min(1, 'giftCode.quantityPositive')
  .max(1_000_000_000, 'giftCode.quantityMax');

/** A reward staff send: an item id (the API checks that the game lists it, against its copy of the game's items). */
const giftCodeRewardInputSchema = z.object({ itemId: itemIdSchema, quantity: quantitySchema });

/** A stored reward as the API answers it: an old row may name an item the game no longer lists. */
const giftCodeRewardSchema = z.object({
  itemId: z.string(),
  quantity: z.number().int(),
});

export const giftCodeClaimResultSchema = z.object({
  claimId: z.string(),
  code: z.string(),
  name: z.string(),
  rewards: z.array(giftCodeRewardSchema),
  /** The server and character the rewards went to; null for an account without characters. */
  character: orderCharacterSchema.nullable(),
});
export type GiftCodeClaimResult = z.infer<typeof giftCodeClaimResultSchema>;

// ---- Staff side ----

/** A code staff type: letters, digits, '-' and '_'; stored upper-case. */
const giftCodeValueSchema = z
  .string()
  .transform(normalizeGiftCode)
  .pipe(
    z
      .string()
      .min(3, 'giftCode.codeLength')
      .max(GIFT_CODE_MAX_LENGTH, 'giftCode.codeLength')
      .regex(/^[A-Z0-9_-]+$/, 'giftCode.codeCharacters'),
  );

const isoTime = z.iso.datetime({
  offset: true,
  error: commonMessages.time,
});

/** The rules a code (or every code of a batch) follows. */
const giftCodeRulesShape = {
  name: z.string().trim().min(1, 'giftCode.nameRequired').max(200),
  rewards: z.array(giftCodeRewardInputSchema).min(1, 'giftCode.rewardsRequired').max(50),
  /** Total uses over all players; null is unlimited. */
  maxUses: z
    .number({ error: 'giftCode.maxUsesRequired' })
    .int('giftCode.maxUsesInteger')
    .min(1, 'giftCode.maxUsesRange')
    .max(100_000_000, 'giftCode.maxUsesRange')
    .nullable(),
  startsAt: isoTime.nullable().optional(),
  expiresAt: isoTime.nullable().optional(),
  /** Only accounts younger than the configured number of days may claim. */
  newPlayerOnly: z.boolean().optional().default(false),
  /** When non-empty, only these User IDs may claim. */
  allowedShortIds: z
    .array(z.string().trim().min(1).max(10))
    .max(10_000)
    .optional()
    .default([])
    .transform((ids) => [...new Set(ids)]),
  active: z.boolean().optional().default(true),
};

const windowIsOrdered = (value: { startsAt?: string | null; expiresAt?: string | null }) =>
  !value.startsAt || !value.expiresAt || Date.parse(value.startsAt) < Date.parse(value.expiresAt);
const windowIssue = { message: 'giftCode.windowOrder', path: ['expiresAt'] };

export const giftCodeCreateSchema = z
  .object({ code: giftCodeValueSchema, ...giftCodeRulesShape })
  .refine(windowIsOrdered, windowIssue);
export type GiftCodeCreateBody = z.output<typeof giftCodeCreateSchema>;

/**
 * On an update, a reward may keep an item the game no longer lists, so that an old code can still
 * be turned off or renamed; the API accepts such an item only when the code already had it.
 */
const giftCodeKeptRewardSchema = z.object({
  itemId: z.string({ error: itemMessages.required }).trim().min(1, itemMessages.required).max(64),
  quantity: quantitySchema,
});

/** `PUT /api/internal/gift-codes/{id}`: the whole code again, with its id in the body. */
export const giftCodeUpdateSchema = z
  .object({
    id: uuidSchema(),
    code: giftCodeValueSchema,
    ...giftCodeRulesShape,
    rewards: z.array(giftCodeKeptRewardSchema).min(1, 'giftCode.rewardsRequired').max(50),
  })
  .refine(windowIsOrdered, windowIssue);
export type GiftCodeUpdateBody = z.output<typeof giftCodeUpdateSchema>;

export const giftCodeStatusSchema = z.enum(['active', 'inactive', 'scheduled', 'expired', 'used_up']);
export type GiftCodeStatus = z.infer<typeof giftCodeStatusSchema>;

export const giftCodeFindManySchema = pageQuerySchema.extend({
  /** Part of the code or the name, any case. */
  search: optionalText(200),
  status: giftCodeStatusSchema.optional(),
  batchId: uuidSchema().optional(),
});
export type GiftCodeFindManyBody = z.output<typeof giftCodeFindManySchema>;

export const giftCodeBatchSchema = z
  .object({
    prefix: z
      .string()
      .transform(normalizeGiftCode)
      .pipe(
        z
          .string()
          .max(12, 'giftCode.prefixLength')
          .regex(/^[A-Z0-9]*$/, 'giftCode.prefixCharacters'),
      ),
    count: z
      .number({ error: 'giftCode.countRequired' })
      .int('giftCode.countInteger')
      .min(1, 'giftCode.countRange')
      .max(10_000, 'giftCode.countRange'),
    /** Length of the random part (letters and digits without look-alikes). */
    randomLength: z.number().int().min(6).max(20).optional().default(10),
    ...giftCodeRulesShape,
  })
  .refine(windowIsOrdered, windowIssue);
export type GiftCodeBatchBody = z.output<typeof giftCodeBatchSchema>;

export const giftCodeSummarySchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  rewards: z.array(giftCodeRewardSchema),
  maxUses: z.number().int().nullable(),
  usesCount: z.number().int(),
  remaining: z.number().int().nullable(),
  startsAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  newPlayerOnly: z.boolean(),
  allowedShortIds: z.array(z.string()),
  active: z.boolean(),
  status: giftCodeStatusSchema,
  batchId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type GiftCodeSummary = z.infer<typeof giftCodeSummarySchema>;

const giftCodeClaimRowSchema = z.object({
  id: z.string(),
  userId: z.string(),
  shortId: z.string(),
  displayName: z.string(),
  mailId: z.string().nullable(),
  /** The server and character that received the rewards; null for the account. */
  character: orderCharacterSchema.nullable(),
  claimedAt: z.string(),
});

export const giftCodeDetailSchema = giftCodeSummarySchema.extend({
  claims: z.array(giftCodeClaimRowSchema),
});
export type GiftCodeDetail = z.infer<typeof giftCodeDetailSchema>;

export const giftCodePageSchema = paged(giftCodeSummarySchema);

export const giftCodeBatchResultSchema = z.object({
  batchId: z.string(),
  count: z.number().int(),
  codes: z.array(z.string()),
});
export type GiftCodeBatchResult = z.infer<typeof giftCodeBatchResultSchema>;

/** Letters and digits a person can read back without confusing 0/O or 1/I/L. */
export const GIFT_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** Where a code stands at `now` (usage included), for lists and filters. */
export function giftCodeStatus(
  code: { active: boolean; startsAt: Date | null; expiresAt: Date | null; maxUses: number | null; usesCount: number },
  now: Date,
): GiftCodeStatus {
  if (!code.active) return 'inactive';
  if (code.expiresAt && code.expiresAt <= now) return 'expired';
  if (code.maxUses !== null && code.usesCount >= code.maxUses) return 'used_up';
  if (code.startsAt && code.startsAt > now) return 'scheduled';
  return 'active';
}
