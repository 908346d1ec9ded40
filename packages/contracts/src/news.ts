import { z } from 'zod';
import { commonMessages, pageQuerySchema, paged, requiredText, optionalDateTime, optionalText } from './envelope';
import { uuidSchema } from './ids';
import {
  MARKDOWN_MAX_MARKERS_PER_LINE,
  MARKDOWN_MAX_NESTING,
  markdownBudgetExceeded,
  markdownBudgetMessages,
} from './markdown';

export const newsCategories = ['updates', 'events', 'maintenance'] as const;
export const newsCategorySchema = z.enum(newsCategories);
export type NewsCategory = z.infer<typeof newsCategorySchema>;

/** How many items the home page shows, and how many a news page holds. */
export const HOME_NEWS_COUNT = 5;
export const NEWS_PAGE_SIZE = 9;

/** What a list shows: everything but the body. */
export const newsSummarySchema = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  summary: z.string(),
  coverImage: z.string(),
  category: newsCategorySchema,
  publishedAt: z.string(),
  /** Pinned ("HOT"): first in the home page's list. */
  hot: z.boolean(),
});
export type NewsSummary = z.infer<typeof newsSummarySchema>;

export const newsArticleSchema = newsSummarySchema.extend({
  body: z.string(),
  updatedAt: z.string(),
});
export type NewsArticle = z.infer<typeof newsArticleSchema>;

export const newsListSchema = paged(newsSummarySchema);
export type NewsList = z.infer<typeof newsListSchema>;

export const newsListQuerySchema = pageQuerySchema.extend({
  pageSize: z.coerce.number().int().min(1).max(50).default(NEWS_PAGE_SIZE),
  category: newsCategorySchema.optional(),
  /** `true`: pinned ("HOT") articles first (the home page's list). */
  hotFirst: z.enum(['true', 'false']).optional(),
});
export type NewsListQuery = z.infer<typeof newsListQuerySchema>;

export const newsSlugParamsSchema = z.object({ slug: z.string().min(1).max(120) });
export const newsIdParamsSchema = z.object({ id: uuidSchema('news.notFound') });

/** The full record staff see, drafts included. */
export const newsStaffItemSchema = newsArticleSchema.extend({
  published: z.boolean(),
  publishedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type NewsStaffItem = z.infer<typeof newsStaffItemSchema>;
export const newsStaffListSchema = paged(newsStaffItemSchema);

export const newsStaffListQuerySchema = pageQuerySchema.extend({
  published: z.enum(['true', 'false']).optional(),
  /** Words of the title or the slug, ignoring case and diacritics. */
  q: optionalText(100),
});
export type NewsStaffListQuery = z.infer<typeof newsStaffListQuerySchema>;

const slugPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
// Covers are files the web app serves itself, so next/image can size them and no third party is hit.
const coverPattern = /^\/(?:[a-z0-9_-]+\/)*[a-z0-9_-]+\.(?:svg|png|jpe?g|webp|avif)$/i;

const newsBodyFields = {
  slug: z
    .string({ error: 'news.slugRequired' })
    .trim()
    .min(3, 'news.slugLength')
    .max(120, 'news.slugLength')
    .regex(slugPattern, 'news.slugCharacters'),
  title: requiredText('news.titleRequired', 199, 'news.titleLength'),
  summary: z.string().trim().max(500, 'news.summaryLength').default(''),
  coverImage: z
    .string({ error: 'news.coverRequired' })
    .trim()
    .min(1, { error: 'news.coverRequired', abort: true })
    .regex(coverPattern, 'news.coverPath'),
  body: z
    .string({ error: 'news.bodyRequired' })
    .min(1, 'news.bodyRequired')
    .max(100_000, 'news.bodyLength')
    .superRefine((body, ctx) => {
      const exceeded = markdownBudgetExceeded(body);
      if (exceeded) {
        const max = exceeded === 'nesting' ? MARKDOWN_MAX_NESTING : MARKDOWN_MAX_MARKERS_PER_LINE;
        ctx.addIssue({ code: 'custom', message: markdownBudgetMessages[exceeded], params: { max } });
      }
    }),
  category: newsCategorySchema,
};

export const createNewsBodySchema = z.object({
  ...newsBodyFields,
  published: z.boolean().default(false),
  /**
   * When the article is public: a past moment back-dates it, a future one schedules it (public from
   * then, the pages rebuilt by the schedule); defaults to the moment it is first published.
   */
  publishedAt: optionalDateTime,
  hot: z.boolean().default(false),
});
export type CreateNewsBody = z.infer<typeof createNewsBodySchema>;

export const updateNewsBodySchema = z
  .object({
    slug: newsBodyFields.slug.optional(),
    title: newsBodyFields.title.optional(),
    summary: z.string().trim().max(500, 'news.summaryLength').optional(),
    coverImage: newsBodyFields.coverImage.optional(),
    body: newsBodyFields.body.optional(),
    category: newsCategorySchema.optional(),
    publishedAt: optionalDateTime,
    hot: z.boolean().optional(),
  })
  .refine((value) => Object.values(value).some((field) => field !== undefined), {
    error: commonMessages.noChange,
  });
export type UpdateNewsBody = z.infer<typeof updateNewsBodySchema>;

/** POST /api/internal/news/cover: the uploaded cover's path (WebP, 1200 x 630), for `coverImage`. */
export const newsCoverSchema = z.object({ coverImage: z.string() });

export const newsCodes = {
  slugTaken: 'api.news.slug_taken',
} as const;

export const newsMessages = {
  notFound: 'news.notFound',
  slugTaken: 'api.news.slug_taken',
} as const;
