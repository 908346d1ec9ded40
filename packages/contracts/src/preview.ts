import { z } from 'zod';
import { homeContentSchema } from './home';
import { newsSummarySchema } from './news';
import { storePacksSchema } from './packs';
import { storePromotionSchema } from './promotions';
import { quoteSchema } from './quote-schemas';

// The staff's preview (decision record 038): the store and the home page as a player would see them at
// a chosen moment, drafts included as if published unless asked otherwise.

export const previewCodes = {
  /** `at` is not a moment: ISO 8601 with its offset, e.g. 2026-11-27T20:00:00+07:00. */
  badTime: 'api.preview.bad_time',
} as const;

export const previewMessages = {
  badTime: 'api.preview.bad_time',
} as const;

/** GET /api/internal/preview/store and /home: `at` (ISO 8601 with its offset; now when absent), `drafts` 1 (default) or 0. */
export const previewQuerySchema = z.object({
  at: z.string().max(64).optional(),
  drafts: z.enum(['0', '1']).default('1'),
});
export type PreviewQuery = z.input<typeof previewQuerySchema>;

/**
 * The store at `at`: the same answer as GET /api/store/packs would give then, the promotions published
 * and running then (the cards' badges), and each product's quote for anyone then (decision record 058).
 */
export const storePreviewSchema = storePacksSchema.extend({
  promotions: z.array(storePromotionSchema),
  quotes: z.array(quoteSchema),
});
export type StorePreview = z.infer<typeof storePreviewSchema>;

/** The home page at `at`: its carousels, and the news list it shows then (pinned first). */
export const homePreviewSchema = homeContentSchema.extend({ news: z.array(newsSummarySchema) });
export type HomePreview = z.infer<typeof homePreviewSchema>;
