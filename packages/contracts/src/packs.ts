import { z } from 'zod';
import { limitKinds, storeTabs, type Pack } from './catalogue';
import { paged, pageQuerySchema, optionalText, requiredText } from './envelope';
import { itemIdSchema } from './items';

/** The catalogue's own refusals (validation errors are `api.validation` with a message per field). */
export const catalogueCodes = {
  /** An option id that belongs to another product, or is given twice. */
  productIdTaken: 'api.catalogue.product_id_taken',
  /** "Ẩn ngay" or "Hiện lại" on a pack that was never published: nothing of it is on the store. */
  notPublished: 'api.catalogue.not_published',
} as const;

export const catalogueMessages = {
  notFound: 'catalogue.notFound',
  title: 'catalogue.title',
  tab: 'catalogue.tab',
  price: 'catalogue.price',
  quantity: 'catalogue.quantity',
  itemsRequired: 'catalogue.itemsRequired',
  itemTwice: 'catalogue.itemTwice',
  optionsRequired: 'catalogue.optionsRequired',
  time: 'common.time',
  visibleOrder: 'catalogue.visibleOrder',
  saleOrder: 'catalogue.saleOrder',
  salePrice: 'catalogue.salePrice',
  saleOnSelectable: 'catalogue.saleOnSelectable',
  windowLimit: 'catalogue.windowLimit',
  limitCount: 'catalogue.limitCount',
  stock: 'catalogue.stock',
  sortOrder: 'catalogue.sortOrder',
  art: 'catalogue.art',
  productIdTaken: 'api.catalogue.product_id_taken',
  notPublished: 'api.catalogue.not_published',
} as const;

const money = z
  .number({ error: catalogueMessages.price })
  .int({ error: catalogueMessages.price })
  .min(1_000, { error: catalogueMessages.price })
  .max(100_000_000, { error: catalogueMessages.price });

/** A moment staff set (a window's or a sale's end): ISO 8601 with its offset. */
export const instant = z.iso.datetime({ offset: true, error: catalogueMessages.time });

/** Where an item stands among its list's (lower first). */
export const sortOrderValue = z
  .number({ error: catalogueMessages.sortOrder })
  .int({ error: catalogueMessages.sortOrder })
  .min(0, { error: catalogueMessages.sortOrder })
  .max(100_000, { error: catalogueMessages.sortOrder });
export const sortOrderSchema = sortOrderValue.default(0);

const packItemSchema = z.object({
  itemId: itemIdSchema,
  quantity: z
    .number({ error: catalogueMessages.quantity })
    .int({ error: catalogueMessages.quantity })
    .min(1, { error: catalogueMessages.quantity })
    .max(1_000_000_000, { error: catalogueMessages.quantity }),
});

export const itemListSchema = z
  .array(packItemSchema)
  .max(20)
  .refine((list) => new Set(list.map((entry) => entry.itemId)).size === list.length, catalogueMessages.itemTwice);

const purchaseLimitSchema = z.object({
  kind: z.enum(limitKinds),
  count: z
    .number({ error: catalogueMessages.limitCount })
    .int({ error: catalogueMessages.limitCount })
    .min(1, { error: catalogueMessages.limitCount })
    .max(1_000, { error: catalogueMessages.limitCount })
    .optional(),
  group: z.literal('gold').optional(),
});

const saleSchema = z
  .object({ price: money, startsAt: instant, endsAt: instant })
  .refine((sale) => Date.parse(sale.endsAt) > Date.parse(sale.startsAt), {
    path: ['endsAt'],
    error: catalogueMessages.saleOrder,
  });

const imagePath = z
  .string()
  .trim()
  .max(300)
  .regex(/^\/[^\s]*$/, { error: catalogueMessages.art });

const packOptionSchema = z.object({
  /** Kept when editing an option; a new option gets a fresh product id. */
  id: z.number().int().positive().optional(),
  title: requiredText(catalogueMessages.title, 200),
  value: money,
  items: itemListSchema.min(1, { error: catalogueMessages.itemsRequired }),
  limit: purchaseLimitSchema.nullable().optional(),
  banner: imagePath.nullable().optional(),
});

/**
 * A pack as staff write it (the draft) and as it is published. Times are ISO 8601 with an offset.
 * A selectable pack has `options` (its price is then the lowest option's) and no sale of its own.
 */
const packFields = z.object({
  title: requiredText(catalogueMessages.title, 200),
  tab: z.enum(storeTabs, { error: catalogueMessages.tab }),
  price: money,
  items: itemListSchema.default([]),
  options: z.array(packOptionSchema).max(10).nullable().default(null),
  /** Pictures at /…; null or absent: drawn art. */
  art: z.object({ banner: imagePath, thumbnail: imagePath }).nullable().default(null),
  limit: purchaseLimitSchema.nullable().default(null),
  /** How many may be sold in all (paid orders); null: no stock. */
  stock: z
    .number({ error: catalogueMessages.stock })
    .int({ error: catalogueMessages.stock })
    .positive({ error: catalogueMessages.stock })
    .nullable()
    .default(null),
  sortOrder: sortOrderSchema,
  visibleFrom: instant.nullable().default(null),
  visibleUntil: instant.nullable().default(null),
  sale: saleSchema.nullable().default(null),
});

type PackFields = z.infer<typeof packFields>;

/** The rules between fields, each on the field staff must change. */
function checkPack(pack: PackFields, context: z.RefinementCtx) {
  const issue = (path: string, message: string) => context.addIssue({ code: 'custom', path: [path], message });
  const selectable = pack.options !== null;
  if (selectable && pack.options!.length < 2) issue('options', catalogueMessages.optionsRequired);
  if (!selectable && pack.items.length === 0) issue('items', catalogueMessages.itemsRequired);
  if (pack.visibleFrom && pack.visibleUntil && Date.parse(pack.visibleUntil) <= Date.parse(pack.visibleFrom)) {
    issue('visibleUntil', catalogueMessages.visibleOrder);
  }
  if (pack.sale && selectable) issue('sale', catalogueMessages.saleOnSelectable);
  if (pack.sale && !selectable && pack.sale.price >= pack.price) issue('sale.price', catalogueMessages.salePrice);
  const limits = [pack.limit, ...(pack.options ?? []).map((option) => option.limit)];
  if (limits.some((limit) => limit?.kind === 'window') && !pack.visibleUntil && !pack.sale) {
    issue('limit', catalogueMessages.windowLimit);
  }
}

/** POST /api/internal/catalogue/packs and PUT /api/internal/catalogue/packs/{id}: the whole draft. */
export const packBodySchema = packFields.superRefine(checkPack);
export type PackBody = z.input<typeof packBodySchema>;

/** Where a pack stands: never published, published as drafted, or published with draft changes waiting. */
export const packStates = ['draft', 'published', 'changed'] as const;
export type PackState = (typeof packStates)[number];

const storedContentSchema = packFields.extend({
  options: z.array(packOptionSchema.extend({ id: z.number().int() })).nullable(),
});
/** A draft or a published state as stored: every option has its product id. */
export type PackContent = z.infer<typeof storedContentSchema>;

/**
 * A record staff draft and publish (a pack, a promotion) as the console reads it: its state, its
 * draft, its published state (null until the first publication) and when it was written.
 */
export const draftedRecord = <C extends z.ZodType>(content: C) =>
  z.object({
    id: z.number().int(),
    state: z.enum(packStates),
    draft: content,
    published: content.nullable(),
    publishedAt: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  });

/** A record id in a path (packs, promotions). */
export const recordIdParamsSchema = z.object({ id: z.coerce.number().int().positive().max(2_000_000_000) });

/**
 * A drafted record staff can take off the public pages at once and bring back ("Ẩn ngay", "Hiện lại":
 * a pack, a home slide): `hiddenAt` is when it was hidden, null while it shows as published.
 */
export const hiddenAtField = { hiddenAt: z.string().nullable() };

export const staffPackSchema = draftedRecord(storedContentSchema).extend(hiddenAtField);
export type StaffPack = z.infer<typeof staffPackSchema>;

export const packIdParamsSchema = recordIdParamsSchema;

/** A console list of drafted records: words of the title (diacritics ignored), one grouping, the state. */
export const draftedListQuery = <G extends z.ZodRawShape>(group: G) =>
  pageQuerySchema.extend({ q: optionalText(100), ...group, state: z.enum(packStates).optional() });

export const packListQuerySchema = draftedListQuery({ tab: z.enum(storeTabs).optional() });
export type PackListQuery = z.infer<typeof packListQuerySchema>;
export const staffPackPageSchema = paged(staffPackSchema);

export const packItemOut = z.object({ itemId: z.string(), quantity: z.number().int() });
const limitOut = z
  .object({ kind: z.enum(limitKinds), count: z.number().int().optional(), group: z.literal('gold').optional() })
  .nullable()
  .optional();

/** One pack of GET /api/store/packs (the `Pack` of @carabala/contracts/catalogue). */
const storePackSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  price: z.number().int(),
  tab: z.enum(storeTabs),
  art: z.object({ banner: z.string(), thumbnail: z.string() }).nullable(),
  isSelect: z.boolean(),
  options: z
    .array(
      z.object({
        id: z.number().int(),
        value: z.number().int(),
        title: z.string(),
        items: z.array(packItemOut),
        limit: limitOut,
        banner: z.string().nullable().optional(),
      }),
    )
    .nullable()
    .optional(),
  items: z.array(packItemOut),
  limit: limitOut,
  sale: z.object({ price: z.number().int(), startsAt: z.string(), endsAt: z.string() }).nullable().optional(),
  visibleUntil: z.string().nullable().optional(),
}) satisfies z.ZodType<Pack>;

/**
 * GET /api/store/packs: the packs on sale at `at` (when the answer was made; it holds until
 * `nextChangeAt`), in the store's order (tab, then sort order, then id), and the next moment the
 * answer changes by itself (a window or a sale starts or ends), or null.
 */
export const storePacksSchema = z.object({
  packs: z.array(storePackSchema),
  at: z.string(),
  nextChangeAt: z.string().nullable(),
});
export type StorePacks = z.infer<typeof storePacksSchema>;

/** GET /api/store/packs/limits: for the signed-in receiver, what is left of each limited product now. */
export const packLimitsSchema = z.array(
  z.object({
    productId: z.number().int(),
    kind: z.enum(limitKinds),
    count: z.number().int(),
    used: z.number().int(),
  }),
);
export type PackLimits = z.infer<typeof packLimitsSchema>;

/**
 * POST /api/internal/catalogue/art (multipart, one image in `file`): the picture re-encoded to WebP at
 * the sizes the pages use (a 480 x 480 thumbnail, a 1200 x 450 banner), for a pack's `art`.
 */
export const packArtSchema = z.object({ banner: z.string(), thumbnail: z.string() });
export type UploadedPackArt = z.infer<typeof packArtSchema>;
