import type { PackContent } from '@carabala/contracts';
import type { LimitKind, Pack, StoreTab } from '@carabala/contracts/catalogue';
import { fromVietnamInput, toVietnamInput } from '@/lib/format';

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
  limit: { kind: '' | LimitKind; count: string };
  stock: string;
  visibleFrom: string;
  visibleUntil: string;
  onSale: boolean;
  sale: { price: string; startsAt: string; endsAt: string };
  art: { banner: string; thumbnail: string };
}

export const emptyPack: PackValues = {
  title: '',
  tab: 'tieu-bieu',
  price: '',
  sortOrder: '0',
  items: [{ itemId: '', quantity: '1' }],
  limit: { kind: '', count: '1' },
  stock: '',
  visibleFrom: '',
  visibleUntil: '',
  onSale: false,
  sale: { price: '', startsAt: '', endsAt: '' },
  art: { banner: '', thumbnail: '' },
};

export function valuesOf(draft: PackContent): PackValues {
  return {
    title: draft.title,
    tab: draft.tab,
    price: String(draft.price),
    sortOrder: String(draft.sortOrder),
    items: draft.items.map((item) => ({ itemId: item.itemId, quantity: String(item.quantity) })),
    limit: { kind: draft.limit?.kind ?? '', count: String(draft.limit?.count ?? 1) },
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

/**
 * The request body the inputs make. What the form does not edit is kept from the draft: a selectable
 * pack's options and a limit's group (the gold packs).
 */
export function bodyOf(values: PackValues, kept: PackContent | undefined) {
  const art = values.art.banner.trim() || values.art.thumbnail.trim() ? values.art : null;
  return {
    title: values.title,
    tab: values.tab,
    price: numberOf(values.price),
    sortOrder: numberOf(values.sortOrder) ?? 0,
    items: kept?.options
      ? []
      : values.items.map((item) => ({ itemId: item.itemId, quantity: numberOf(item.quantity) })),
    options: kept?.options ?? null,
    limit: values.limit.kind
      ? {
          kind: values.limit.kind,
          count: numberOf(values.limit.count),
          ...(kept?.limit?.group ? { group: kept.limit.group } : {}),
        }
      : null,
    stock: values.stock.trim() ? numberOf(values.stock) : null,
    visibleFrom: fromVietnamInput(values.visibleFrom),
    visibleUntil: fromVietnamInput(values.visibleUntil),
    sale: values.onSale
      ? {
          price: numberOf(values.sale.price),
          startsAt: fromVietnamInput(values.sale.startsAt),
          endsAt: fromVietnamInput(values.sale.endsAt),
        }
      : null,
    art,
  };
}

/** The card the store would show for these values (the preview), whatever is still missing. */
export function previewOf(values: PackValues, id: number, kept: PackContent | undefined): Pack {
  const price = Number(values.price) || 0;
  const salePrice = Number(values.sale.price) || 0;
  const startsAt = fromVietnamInput(values.sale.startsAt);
  const endsAt = fromVietnamInput(values.sale.endsAt);
  return {
    id,
    title: values.title,
    price: kept?.options ? Math.min(...kept.options.map((option) => option.value)) : price,
    tab: values.tab,
    art: values.art.banner && values.art.thumbnail ? values.art : null,
    isSelect: Boolean(kept?.options),
    options: kept?.options ?? null,
    items: values.items
      .filter((item) => item.itemId)
      .map((item) => ({ itemId: item.itemId, quantity: Number(item.quantity) || 0 })),
    limit: values.limit.kind ? { kind: values.limit.kind, count: Number(values.limit.count) || 1 } : null,
    sale: values.onSale && salePrice && startsAt && endsAt ? { price: salePrice, startsAt, endsAt } : null,
    visibleUntil: fromVietnamInput(values.visibleUntil),
  };
}
