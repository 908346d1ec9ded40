'use client';

import { storeCodes } from '@carabala/contracts';
import type { Pack } from '@carabala/contracts/catalogue';
import { CloseIcon } from '@/components/ui/icons';
import { artOf } from './drawn-art';

/**
 * The history of a checked transaction is headed by its product's banner: an option's own
 * (/shop/banner-{productId}.webp for the seeded ones), else the pack's.
 */
export const historyBanner = (pack: Pack, productId: number) =>
  pack.options?.find((option) => option.id === productId)?.banner ?? artOf(pack, 'banner');

/** The order refusals said in the page's language (the others carry the API's Vietnamese message). */
export const refusalKeys: Record<string, `refusal.${string}`> = {
  [storeCodes.openOrderExists]: 'refusal.openOrderExists',
  [storeCodes.guestOrdersFromAddress]: 'refusal.guestOrdersFromAddress',
  [storeCodes.guestOrdersForReceiver]: 'refusal.guestOrdersForReceiver',
};

export function ChoiceButton({ title, hint, onClick }: { title: string; hint: string; onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="flex w-full flex-col items-start rounded-2xl bg-white p-4 text-left ring-2 ring-ink/10 transition hover:ring-royal"
    >
      <span className="font-black">{title}</span>
      <span className="text-sm text-ink/70">{hint}</span>
    </button>
  );
}

/** The drawer has no close button of its own, and past PREVIEW it cannot be swiped away. */
export function DrawerClose({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      className="absolute top-4 right-4 rounded-full p-1 text-ink/70 hover:bg-ink/10 md:hidden"
    >
      <CloseIcon />
    </button>
  );
}
