import { z } from 'zod';
import { requiredText } from './envelope';
import { uuidSchema } from './ids';
import { hiddenAtField, instant, sortOrderSchema, sortOrderValue } from './packs';

// The home page's content (issue 26, decision record 035): one list of slides, each in a section,
// drafted and published by staff like the catalogue's packs.

/** The home page's carousels: the top banners, the news slider, the collection, the characters, the features. */
export const homeSections = ['banner', 'news', 'collection', 'character', 'feature'] as const;
export type HomeSection = (typeof homeSections)[number];

export const homeCodes = {
  /** "Ẩn ngay" or "Hiện lại" on a slide that was never published: nothing of it is on the home page. */
  notPublished: 'api.home.not_published',
} as const;

export const homeMessages = {
  notFound: 'home.notFound',
  notPublished: 'api.home.not_published',
  direction: 'home.direction',
  section: 'home.section',
  title: 'home.title',
  image: 'home.image',
  link: 'home.link',
  mobileImage: 'home.mobileImage',
  visibleOrder: 'home.visibleOrder',
} as const;

const imagePath = z
  .string({ error: homeMessages.image })
  .trim()
  .max(300)
  .regex(/^\/[^\s]*$/, { error: homeMessages.image });

const slideFields = z.object({
  section: z.enum(homeSections, { error: homeMessages.section }),
  title: requiredText(homeMessages.title, 120),
  /** The picture (a banner's desktop picture). */
  image: imagePath,
  /** A banner's picture for phones; null: the desktop one. Only banners have one. */
  mobileImage: imagePath.nullable().default(null),
  /** Where a click goes: a page of the site (/…) or https://…; null: not a link. */
  link: z
    .string({ error: homeMessages.link })
    .trim()
    .max(300)
    .regex(/^(\/|https:\/\/)\S*$/, { error: homeMessages.link })
    .nullable()
    .default(null),
  sortOrder: sortOrderSchema,
  visibleFrom: instant.nullable().default(null),
  visibleUntil: instant.nullable().default(null),
});

/**
 * POST /api/internal/home/slides and PUT /api/internal/home/slides/{id}: the whole draft. Without
 * `sortOrder` a new slide goes last in its section and an edited one keeps its place (the console
 * moves slides with "Lên" and "Xuống").
 */
export const homeSlideBodySchema = slideFields
  .extend({ sortOrder: sortOrderValue.optional() })
  .superRefine((slide, context) => {
    if (slide.visibleFrom && slide.visibleUntil && Date.parse(slide.visibleUntil) <= Date.parse(slide.visibleFrom)) {
      context.addIssue({ code: 'custom', path: ['visibleUntil'], message: homeMessages.visibleOrder });
    }
    if (slide.mobileImage && slide.section !== 'banner') {
      context.addIssue({ code: 'custom', path: ['mobileImage'], message: homeMessages.mobileImage });
    }
  });
export type HomeSlideBody = z.input<typeof homeSlideBodySchema>;

const storedSlideSchema = slideFields;
/** A draft or a published state as stored. */
export type HomeSlideContent = z.infer<typeof storedSlideSchema>;

export const homeSlideStates = ['draft', 'published', 'changed'] as const;

export const staffHomeSlideSchema = z.object({
  id: z.string(),
  state: z.enum(homeSlideStates),
  draft: storedSlideSchema,
  published: storedSlideSchema.nullable(),
  publishedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  ...hiddenAtField,
});
export type StaffHomeSlide = z.infer<typeof staffHomeSlideSchema>;

export const homeSlideIdParamsSchema = z.object({ id: uuidSchema(homeMessages.notFound) });
/**
 * POST /api/internal/home/slides/{id}/move: one place up (shown earlier) or down in its section. The
 * section's order is numbered again (0, 10, 20…) in the drafts and what is published alike.
 */
export const homeSlideMoveSchema = z.object({ direction: z.enum(['up', 'down'], { error: homeMessages.direction }) });
export type HomeSlideMove = z.infer<typeof homeSlideMoveSchema>;

export const homeSlideListQuerySchema = z.object({
  section: z.enum(homeSections, { error: homeMessages.section }).optional(),
});
export const staffHomeSlideListSchema = z.object({ items: z.array(staffHomeSlideSchema) });

/** One slide as the home page shows it. */
const homeSlideSchema = z.object({
  id: z.string(),
  title: z.string(),
  image: z.string(),
  mobileImage: z.string().nullable(),
  link: z.string().nullable(),
});
export type HomeSlide = z.infer<typeof homeSlideSchema>;

/** GET /api/home: the slides showing at `at`, per section in order, and the next moment that changes by itself. */
export const homeContentSchema = z.object({
  sections: z.object(
    Object.fromEntries(homeSections.map((section) => [section, z.array(homeSlideSchema)])) as {
      [K in HomeSection]: z.ZodArray<typeof homeSlideSchema>;
    },
  ),
  at: z.string(),
  nextChangeAt: z.string().nullable(),
});
export type HomeContent = z.infer<typeof homeContentSchema>;

/** The pictures of the home page, each at its carousel's size (a banner has one for phones too). */
export const homeArtKinds = ['banner', 'mobileBanner', 'news', 'collection', 'character', 'feature'] as const;
export type HomeArtKind = (typeof homeArtKinds)[number];
export const homeArtQuerySchema = z.object({ kind: z.enum(homeArtKinds, { error: homeMessages.section }) });
/** POST /api/internal/home/art: the uploaded picture's path, for a slide's `image` or `mobileImage`. */
export const homeArtSchema = z.object({ image: z.string() });
