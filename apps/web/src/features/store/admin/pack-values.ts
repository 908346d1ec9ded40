import type { PackContent } from '@carabala/contracts';
import type { LimitKind, Pack, PackOption, PurchaseLimit, StoreTab } from '@carabala/contracts/catalogue';
import { fromVietnamInput, toVietnamInput } from '@/lib/format';

/** A purchase limit as its two inputs hold it (no kind: no limit). */
interface LimitValues {
  kind: '' | LimitKind;
  count: string;
}

/**
 * One choice of a selectable pack as the form holds it; `productId` is its id, empty while new (not
 * `id`, which the form's field arrays use for their own keys).
 */
export interface OptionValues {
  productId: string;
  title: string;
  value: string;
  items: { itemId: string; quantity: string }[];
  limit: LimitValues;
  banner: string;
}

/**
 * What the pack form's inputs hold (text, check boxes; times as Vietnam's wall clock in
 * `datetime-local`). The names follow the request body's paths, so that each schema issue and each
 * API field error lands under its input.
 */
export interface PackValues {
  title: string;
  tab: StoreTab;
  price: string;
  sortOrder: string;
  items: { itemId: string; quantity: string }[];
  /** A selectable pack: players pick one of `options`, each its own product with its own price. */
  selectable: boolean;
  options: OptionValues[];
  limit: LimitValues;
  stock: string;
  visibleFrom: string;
  visibleUntil: string;
  onSale: boolean;
  sale: { price: string; startsAt: string; endsAt: string };
  art: { banner: string; thumbnail: string };
}

const emptyItems = () => [{ itemId: '', quantity: '1' }];

/** A new option's inputs. */
export const emptyOption = (): OptionValues => ({
  productId: '',
  title: '',
  value: '',
  items: emptyItems(),
  limit: { kind: '', count: '1' },
  banner: '',
});

export const emptyPack: PackValues = {
  title: '',
  tab: 'tieu-bieu',
  price: '',
  sortOrder: '0',
  items: emptyItems(),
  selectable: false,
  options: [],
  limit: { kind: '', count: '1' },
  stock: '',
  visibleFrom: '',
  visibleUntil: '',
  onSale: false,
  sale: { price: '', startsAt: '', endsAt: '' },
  art: { banner: '', thumbnail: '' },
};

const itemValuesOf = (items: PackContent['items']) =>
  items.map((item) => ({ itemId: item.itemId, quantity: String(item.quantity) }));
const limitValuesOf = (limit: PurchaseLimit | null | undefined): LimitValues => ({
  kind: limit?.kind ?? '',
  count: String(limit?.count ?? 1),
});

export function valuesOf(draft: PackContent): PackValues {
  return {
    title: draft.title,
    tab: draft.tab,
    price: String(draft.price),
    sortOrder: String(draft.sortOrder),
    items: draft.options ? emptyItems() : itemValuesOf(draft.items),
    selectable: draft.options !== null,
    options: (draft.options ?? []).map((option) => ({
      productId: String(option.id),
      title: option.title,
      value: String(option.value),
      items: itemValuesOf(option.items),
      limit: limitValuesOf(option.limit),
      banner: option.banner ?? '',
    })),
    limit: limitValuesOf(draft.limit),
    stock: draft.stock === null ? '' : String(draft.stock),
    visibleFrom: toVietnamInput(draft.visibleFrom),
    visibleUntil: toVietnamInput(draft.visibleUntil),
    onSale: draft.sale !== null,
    sale: {
      price: draft.sale ? String(draft.sale.price) : '',
      startsAt: toVietnamInput(draft.sale?.startsAt ?? null),
      endsAt: toVietnamInput(draft.sale?.endsAt ?? null),
    },
    art: { banner: draft.art?.banner ?? '', thumbnail: draft.art?.thumbnail ?? '' },
  };
}

/** An empty input is "no number" (the schema then says so), not zero. */
const numberOf = (value: string) => (value.trim() === '' ? undefined : Number(value));

const itemsBodyOf = (items: OptionValues['items']) =>
  items.map((item) => ({ itemId: item.itemId, quantity: numberOf(item.quantity) }));

/** A limit's body; its group (the gold packs), which the form does not edit, is kept from `kept`. */
const limitBodyOf = (limit: LimitValues, kept: PurchaseLimit | null | undefined) =>
  limit.kind ? { kind: limit.kind, count: numberOf(limit.count), ...(kept?.group ? { group: kept.group } : {}) } : null;

/** The lowest option price typed so far (a selectable pack's "from" price), or undefined. */
const lowestValue = (options: OptionValues[]) => {
  const values = options.map((option) => Number(option.value)).filter((value) => value > 0);
  return values.length ? Math.min(...values) : undefined;
};

/**
 * The body of a selectable pack's options. An option keeps its product id (the API gives a new one a
 * fresh id); what the form does not edit (a limit's group) is kept from the draft's option of that id.
 */
function optionsBodyOf(options: OptionValues[], kept: PackContent | undefined) {
  return options.map((option) => {
    const id = option.productId ? Number(option.productId) : undefined;
    const before = kept?.options?.find((candidate) => candidate.id === id);
    return {
      ...(id === undefined ? {} : { id }),
      title: option.title,
      value: numberOf(option.value),
      items: itemsBodyOf(option.items),
      limit: limitBodyOf(option.limit, before?.limit),
      banner: option.banner.trim() || null,
    };
  });
}

/**
 * The request body the inputs make. A selectable pack's price is its lowest option's, and it has no
 * contents, limit or sale of its own (each option has its price, items and limit).
 */
export function bodyOf(values: PackValues, kept: PackContent | undefined) {
  const art = values.art.banner.trim() || values.art.thumbnail.trim() ? values.art : null;
  const { selectable } = values;
  return {
    title: values.title,
    tab: values.tab,
    price: selectable ? (lowestValue(values.options) ?? 1_000) : numberOf(values.price),
    sortOrder: numberOf(values.sortOrder) ?? 0,
    items: selectable ? [] : itemsBodyOf(values.items),
    options: selectable ? optionsBodyOf(values.options, kept) : null,
    limit: selectable ? null : limitBodyOf(values.limit, kept?.limit),
    stock: values.stock.trim() ? numberOf(values.stock) : null,
    visibleFrom: fromVietnamInput(values.visibleFrom),
    visibleUntil: fromVietnamInput(values.visibleUntil),
    sale:
      values.onSale && !selectable
        ? {
            price: numberOf(values.sale.price),
            startsAt: fromVietnamInput(values.sale.startsAt),
            endsAt: fromVietnamInput(values.sale.endsAt),
          }
        : null,
    art,
  };
}

const previewItemsOf = (items: OptionValues['items']) =>
  items.filter((item) => item.itemId).map((item) => ({ itemId: item.itemId, quantity: Number(item.quantity) || 0 }));

/** The options as the store's dialog would list them (a new option's id is a stand-in until saved). */
const previewOptionsOf = (options: OptionValues[]): PackOption[] =>
  options.map((option, index) => ({
    id: Number(option.productId) || -(index + 1),
    title: option.title,
    value: Number(option.value) || 0,
    items: previewItemsOf(option.items),
    banner: option.banner || null,
  }));

/** The card the store would show for these values (the preview), whatever is still missing. */
export function previewOf(values: PackValues, id: number): Pack {
  const salePrice = Number(values.sale.price) || 0;
  const startsAt = fromVietnamInput(values.sale.startsAt);
  const endsAt = fromVietnamInput(values.sale.endsAt);
  const { selectable } = values;
  return {
    id,
    title: values.title,
    price: (selectable ? lowestValue(values.options) : Number(values.price)) || 0,
    tab: values.tab,
    art: values.art.banner && values.art.thumbnail ? values.art : null,
    isSelect: selectable,
    options: selectable ? previewOptionsOf(values.options) : null,
    items: selectable ? [] : previewItemsOf(values.items),
    limit:
      values.limit.kind && !selectable ? { kind: values.limit.kind, count: Number(values.limit.count) || 1 } : null,
    sale:
      values.onSale && !selectable && salePrice && startsAt && endsAt ? { price: salePrice, startsAt, endsAt } : null,
    visibleUntil: fromVietnamInput(values.visibleUntil),
  };
}
