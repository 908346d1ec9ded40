import { z } from 'zod';
import { limitKinds } from './catalogue';
import { packItemOut } from './packs';
import { promotionKinds } from './promotions';
import { strippedShortId } from './store';

/**
 * GET /api/store/quote?packId=…&receiver=…: the offer of each product of one pack (a plain pack's one,
 * a selectable pack's options) for one receiver now (decision record 058): the purchase dialog's one
 * call laid over the store page, which stays one cached copy for everyone. Without a receiver, the
 * offer to anyone (no counts of theirs: a first top-up shows as such).
 */
export const quoteQuerySchema = z.object({
  packId: z.coerce.number().int().positive(),
  receiver: strippedShortId.optional(),
});
export type QuoteQuery = z.infer<typeof quoteQuerySchema>;

const itemsOut = z.array(packItemOut);

/** The quote as the API answers it and as the order keeps it (its snapshot). */
export const quoteSchema = z.object({
  productId: z.number().int(),
  packId: z.number().int(),
  title: z.string(),
  at: z.string(),
  listPrice: z.number().int(),
  price: z.number().int(),
  sale: z.object({ price: z.number().int(), endsAt: z.string() }).nullable(),
  items: itemsOut,
  limit: z
    .object({ kind: z.enum(limitKinds), count: z.number().int(), used: z.number().int(), left: z.number().int() })
    .nullable(),
  stock: z.object({ total: z.number().int(), left: z.number().int() }).nullable(),
  refusal: z.enum(['sold_out', 'limit_reached', 'tier_only']).nullable(),
  bonuses: z.array(
    z.object({ promotionId: z.number().int(), kind: z.enum(promotionKinds), title: z.string(), items: itemsOut }),
  ),
  tierBonus: itemsOut,
  milestones: z.array(
    z.object({ promotionId: z.number().int(), title: z.string(), threshold: z.number().int(), items: itemsOut }),
  ),
  points: z.number().int().min(0),
});

export const packQuotesSchema = z.object({ quotes: z.array(quoteSchema) });
export type PackQuotes = z.infer<typeof packQuotesSchema>;

export {
  promotionRunning,
  quote,
  quoteBonusItems,
  quoteProductOf,
  unknownStanding,
  type Quote,
  type QuoteBonus,
  type QuoteMoment,
  type QuoteProduct,
  type QuotePromotion,
  type QuoteRefusal,
  type QuoteStanding,
  type QuoteTier,
} from './quote';
