'use client';

import { priceAt, type Pack, type PackSale } from '@carabala/contracts/catalogue';
import { useMounted } from '@/lib/use-mounted';
import { useNow } from '@/lib/use-now';

/**
 * The time the store's offers are judged at: the moment the page's packs describe (`renderedAt`) until
 * the page is mounted (so the browser's first render matches the HTML), then the browser's clock,
 * every second while `live`. A part that only ever renders in the browser passes null. `shift` moves
 * the clock (the console's preview: the chosen moment, ticking on from there).
 */
export function useOfferClock(renderedAt: number | null, live: boolean, shift = 0): number {
  const mounted = useMounted();
  const now = useNow(live);
  return mounted || renderedAt === null ? now + shift : renderedAt;
}

/** Whether the pack still shows at `now`: one whose window has closed leaves the page at once. */
export const stillShown = (pack: Pack, now: number) => !pack.visibleUntil || now < Date.parse(pack.visibleUntil);

/**
 * The sale running at `now`, or null (one still to come shows the regular price): the quote's price rule
 * (`priceAt`, decision record 058), so a card never shows a sale the order would not charge.
 */
export const runningSale = (pack: Pack, now: number): PackSale | null =>
  priceAt(pack.price, pack.sale, new Date(now)).sale;

/** Any pack with a moment still to come on the page (a sale to start or end, a window to close). */
export const hasTimedOffers = (packs: Pack[]) => packs.some((pack) => pack.sale || pack.visibleUntil);

const two = (value: number) => String(value).padStart(2, '0');

/** The time left to `until` as the countdown reads it: "2 ngày 03:14:05", or "03:14:05" within a day. */
export function timeLeft(until: string, now: number): { days: number; clock: string } {
  const seconds = Math.max(0, Math.floor((Date.parse(until) - now) / 1000));
  const days = Math.floor(seconds / 86_400);
  const rest = seconds % 86_400;
  return {
    days,
    clock: `${two(Math.floor(rest / 3600))}:${two(Math.floor((rest % 3600) / 60))}:${two(rest % 60)}`,
  };
}
