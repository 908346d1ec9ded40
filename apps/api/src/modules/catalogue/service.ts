import {
  catalogueCodes,
  catalogueMessages,
  type AuditAction,
  type PackContent,
  type PackListQuery,
  type Paged,
  type StaffPack,
  type StorePacks,
  type packBodySchema,
} from '@carabala/contracts';
import { purchasableOf, type Purchasable } from '@carabala/contracts/catalogue';
import { quoteProductOf, type QuoteProduct } from '@carabala/contracts/quote';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { toPaged } from '../../db/paging';
import { draftedDocuments, hiddenSwitch } from '../../db/drafts';
import { toHideableDocument } from '../../lib/drafted-documents';
import { publishesContent, type EventPublisher } from '../../lib/events';
import { asOf } from '../../lib/timed-publication';
import { AppError, notFound } from '../../plugins/errors';
import { recordAudit } from '../audit';
import { itemFields, refuseUnlistedItems } from '../game';
import { eventWindowOf, isVisible, storeAt, toStorePack } from './content';
import {
  findPublishedPackOfProduct,
  findPublishedPacks,
  findStaffPack,
  packDocuments,
  type StaffPackRow,
  findStaffPacks,
  nextProductId,
  productIdsOfOtherPacks,
} from './repository';

type PackBody = z.output<typeof packBodySchema>;

const packNotFound = () => notFound(catalogueMessages.notFound);
const packNotPublished = () => new AppError(409, catalogueCodes.notPublished, catalogueMessages.notPublished);
const productIdTaken = () =>
  new AppError(409, catalogueCodes.productIdTaken, catalogueMessages.productIdTaken, {
    options: [catalogueMessages.productIdTaken],
  });

/** Every item a pack's document names (its own and its options'). */
const itemsOfPack = (content: Pick<PackContent, 'items' | 'options'> | null | undefined) => [
  ...(content?.items ?? []),
  ...(content?.options ?? []).flatMap((option) => option.items),
];

/**
 * Refuses an item the game does not list, on its field; an item the pack already had (its draft or
 * what is published) may stay, so that a pack naming an item the game dropped can still be edited.
 */
async function refuseUnlisted(tx: Tx, packId: number, body: PackBody) {
  const current = await findStaffPack(tx, packId);
  const kept = [...itemsOfPack(current?.draft), ...itemsOfPack(current?.published)].map((item) => item.itemId);
  const fields = [
    ...itemFields('items', body.items),
    ...(body.options ?? []).flatMap((option, index) => itemFields(`options.${index}.items`, option.items)),
  ];
  await refuseUnlistedItems(tx, fields, kept);
}

/**
 * The body as stored: option ids kept where given (they must be this pack's), fresh ones for new
 * options; a selectable pack's price is its lowest option's. Every item is one the game lists.
 */
async function contentOf(tx: Tx, packId: number, body: PackBody): Promise<PackContent> {
  await refuseUnlisted(tx, packId, body);
  if (body.options === null) return { ...body, options: null };
  const given = body.options.flatMap((option) => (option.id === undefined ? [] : [option.id]));
  if (new Set(given).size !== given.length) throw productIdTaken();
  if ((await productIdsOfOtherPacks(tx, given, packId)).length > 0) throw productIdTaken();
  const options = [];
  for (const option of body.options) {
    options.push({ ...option, id: option.id ?? (await nextProductId(tx)) });
  }
  return { ...body, options, price: Math.min(...options.map((option) => option.value)) };
}

async function audit(tx: Tx, actorId: string, action: AuditAction, id: number, title: string, detail: object) {
  await recordAudit(tx, { actorId, action, targetType: 'pack', targetId: String(id), detail: { title, ...detail } });
}

/** What a product id sells now, with what the order keeps of its card and what its limit and stock need. */
export interface ProductOnSale extends Purchasable {
  /** The pack's own title (a selectable pack's, above its option's). */
  packTitle: string;
  /** Whether players see the pack now: false only for a staff grant's `anyTime` read of an ended, future or hidden pack. */
  onSale: boolean;
  tab: PackContent['tab'];
  thumbnail: string | null;
  stock: number | null;
  /** The event window a `window` limit counts in. */
  window: { start: string | null; end: string | null };
  /** The product as the quote reads it (list price, sale, stock). */
  offer: QuoteProduct;
}

/** What an order keeps of a product as it is when the order is made: its price, contents and card. */
export const orderSnapshot = (product: ProductOnSale) => ({
  productId: product.productId,
  productTitle: product.title,
  totalPrice: product.price,
  items: product.items,
  packId: product.packId,
  packTab: product.tab,
  thumbnail: product.thumbnail,
});

export interface CatalogueDeps {
  db: Db;
  /** Where `content.published` goes after a publication, a hide or show. */
  events: EventPublisher;
}

/** The catalogue: packs staff draft and publish (audited), and what the store and the orders read. */
export function createCatalogueService({ db, events }: CatalogueDeps) {
  const published = publishesContent(events, 'catalogue');
  const drafted = draftedDocuments<number, PackContent, StaffPackRow, StaffPack, PackBody>(db, {
    ...packDocuments,
    newId: nextProductId,
    contentOf,
    present: toHideableDocument,
    notFound: packNotFound,
    audit: (tx, actorId, change, id, content, changes) =>
      audit(tx, actorId, `pack.${change}`, id, content.title, changes),
  });
  const setHidden = hiddenSwitch<number, PackContent, StaffPackRow, StaffPack>(db, {
    ...packDocuments,
    present: toHideableDocument,
    notFound: packNotFound,
    notPublished: packNotPublished,
    audit: (tx, actorId, hidden, id, published) =>
      audit(tx, actorId, hidden ? 'pack.hide' : 'pack.show', id, published.title, {}),
  });

  return {
    get: drafted.get,
    create: drafted.create,
    update: drafted.update,
    /** Copies the draft to the published state (its route is stepped-up, as are the draft's writes). */
    publish: (id: number, actorId: string): Promise<StaffPack> => published(drafted.publish(id, actorId)),
    /** "Ẩn ngay" (`hidden`) or "Hiện lại": off the store and unsold at once, or back as published (stepped-up like a publish). */
    setHidden: (id: number, actorId: string, hidden: boolean) => published(setHidden(id, actorId, hidden)),

    /** The console's list: search, tab and state filters, in the store's order. */
    async list(query: PackListQuery): Promise<Paged<StaffPack>> {
      return toPaged(query, await findStaffPacks(db, query), toHideableDocument);
    },

    /**
     * The store at `now`: visible packs and the next moment that changes by itself. With `drafts`,
     * every pack's draft counts as published (the staff's preview at a chosen moment).
     */
    async storePacks(now = Date.now(), { drafts = false } = {}): Promise<StorePacks & { nextChange: number | null }> {
      const { packs, nextChangeAt } = storeAt(await findPublishedPacks(db, drafts), now);
      return { packs, ...asOf(now, nextChangeAt) };
    },
  };
}

/** Whether players see a published pack at `now`: not hidden by staff, and inside its window. */
const showing = (row: { content: PackContent; hidden?: boolean }, now: Date) =>
  !row.hidden && isVisible(row.content, now.getTime());

const productOnSale = (
  row: { id: number; content: PackContent; hidden?: boolean },
  productId: number,
  now: Date,
): ProductOnSale | undefined => {
  const pack = toStorePack(row.id, row.content, now.getTime());
  const purchasable = purchasableOf(pack, productId, now);
  const offer = quoteProductOf(pack, productId, row.content.stock);
  if (!purchasable || !offer) return undefined;
  return {
    ...purchasable,
    packTitle: row.content.title,
    onSale: showing(row, now),
    tab: row.content.tab,
    thumbnail: row.content.art?.thumbnail ?? null,
    stock: row.content.stock,
    window: eventWindowOf(row.content),
    offer,
  };
};

/** Every product on sale at `now` (each option of a selectable pack on its own). */
export async function findProductsOnSale(db: Db | Tx, now: Date): Promise<ProductOnSale[]> {
  return (await findPublishedPacks(db))
    .filter((row) => isVisible(row.content, now.getTime()))
    .flatMap((row) =>
      (row.content.options ? row.content.options.map((option) => option.id) : [row.id]).flatMap(
        (productId) => productOnSale(row, productId, now) ?? [],
      ),
    );
}

/** Every product of the pack `packId` on sale at `now` (a plain pack's one, a selectable pack's options); none when it does not show. */
export async function findPackProductsOnSale(db: Db | Tx, packId: number, now: Date): Promise<ProductOnSale[]> {
  const row = await findPublishedPackOfProduct(db, packId);
  if (!row || row.id !== packId || !showing(row, now)) return [];
  const ids = row.content.options ? row.content.options.map((option) => option.id) : [row.id];
  return ids.flatMap((productId) => productOnSale(row, productId, now) ?? []);
}

/**
 * What `productId` sells at `now` from the published catalogue: undefined when no published pack
 * sells it or its pack is not showing (hidden, or outside its window; `anyTime` skips both: a staff grant).
 */
export async function findProductOnSale(
  db: Db | Tx,
  productId: number,
  now: Date,
  options: { anyTime?: boolean } = {},
): Promise<ProductOnSale | undefined> {
  const row = await findPublishedPackOfProduct(db, productId);
  if (!row || (!options.anyTime && !showing(row, now))) return undefined;
  return productOnSale(row, productId, now);
}
