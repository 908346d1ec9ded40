import type { StaffVipTier } from '@carabala/contracts';

type ItemValues = { itemId: string; quantity: string }[];

/** What the tier form's inputs hold (text); the names follow the request body's paths. */
export interface VipTierValues {
  title: string;
  threshold: string;
  windowDays: string;
  bonusPercent: string;
  packIds: number[];
  giftItems: ItemValues;
}

export const emptyTier: VipTierValues = {
  title: '',
  threshold: '',
  windowDays: '365',
  bonusPercent: '0',
  packIds: [],
  giftItems: [],
};

export function valuesOf(draft: StaffVipTier['draft']): VipTierValues {
  return {
    title: draft.title,
    threshold: String(draft.threshold),
    windowDays: String(draft.windowDays),
    bonusPercent: String(draft.bonusPercent),
    packIds: draft.packIds,
    giftItems: draft.giftItems.map((item) => ({ itemId: item.itemId, quantity: String(item.quantity) })),
  };
}

/** An empty input is "no number" (the schema then says so), not zero. */
const numberOf = (value: string) => (value.trim() === '' ? undefined : Number(value));

export function bodyOf(values: VipTierValues) {
  return {
    title: values.title,
    threshold: numberOf(values.threshold),
    windowDays: numberOf(values.windowDays),
    bonusPercent: numberOf(values.bonusPercent),
    packIds: values.packIds,
    giftItems: values.giftItems.map((item) => ({ itemId: item.itemId, quantity: numberOf(item.quantity) })),
  };
}
