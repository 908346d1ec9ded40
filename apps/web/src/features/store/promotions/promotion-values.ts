import type { PromotionKind, StaffPromotion } from '@carabala/contracts';
import type { StoreTab } from '@carabala/contracts/catalogue';
import { fromVietnamInput, toVietnamInput } from '@/lib/format';

type ItemValues = { itemId: string; quantity: string }[];

/**
 * What the promotion form's inputs hold (text, check boxes; times as Vietnam's wall clock). The
 * names follow the request body's paths, so each schema issue and API field error lands under its input.
 */
export interface PromotionValues {
  kind: PromotionKind;
  title: string;
  startsAt: string;
  endsAt: string;
  /** The packs picked by name (PackPicker), as the request's ids. */
  packIds: number[];
  tabs: StoreTab[];
  perPlayerCap: string;
  double: boolean;
  items: ItemValues;
  percent: string;
  milestones: { threshold: string; items: ItemValues }[];
}

const emptyItems = (): ItemValues => [{ itemId: '', quantity: '1' }];

export const emptyPromotion: PromotionValues = {
  kind: 'first_topup',
  title: '',
  startsAt: '',
  endsAt: '',
  packIds: [],
  tabs: [],
  perPlayerCap: '1',
  double: true,
  items: [],
  percent: '',
  milestones: [{ threshold: '', items: emptyItems() }],
};

const itemValues = (items: { itemId: string; quantity: number }[]): ItemValues =>
  items.map((item) => ({ itemId: item.itemId, quantity: String(item.quantity) }));

export function valuesOf(draft: StaffPromotion['draft']): PromotionValues {
  return {
    kind: draft.kind,
    title: draft.title,
    startsAt: toVietnamInput(draft.startsAt),
    endsAt: toVietnamInput(draft.endsAt),
    packIds: draft.packIds,
    tabs: draft.tabs,
    perPlayerCap: String(draft.perPlayerCap),
    double: draft.double,
    items: itemValues(draft.items),
    percent: draft.percent === null ? '' : String(draft.percent),
    milestones: draft.milestones.map((milestone) => ({
      threshold: String(milestone.threshold),
      items: itemValues(milestone.items),
    })),
  };
}

/** An empty input is "no number" (the schema then says so), not zero. */
const numberOf = (value: string) => (value.trim() === '' ? undefined : Number(value));
const itemsOf = (items: ItemValues) =>
  items.map((item) => ({ itemId: item.itemId, quantity: numberOf(item.quantity) }));

/** The request body the inputs make: only the reward fields of the chosen kind. */
export function bodyOf(values: PromotionValues) {
  return {
    kind: values.kind,
    title: values.title,
    startsAt: fromVietnamInput(values.startsAt),
    endsAt: fromVietnamInput(values.endsAt),
    packIds: values.packIds,
    tabs: values.tabs || [],
    perPlayerCap: values.kind === 'bonus_window' ? numberOf(values.perPlayerCap) : 1,
    double: values.kind === 'first_topup' && values.double,
    items: values.kind === 'first_topup' ? itemsOf(values.items) : [],
    percent: values.kind === 'bonus_window' ? (numberOf(values.percent) ?? null) : null,
    milestones:
      values.kind === 'spend_milestones'
        ? values.milestones.map((milestone) => ({
            threshold: numberOf(milestone.threshold),
            items: itemsOf(milestone.items),
          }))
        : [],
  };
}

export { emptyItems };
