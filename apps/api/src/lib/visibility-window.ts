// A visibility window (start and end, ISO 8601 with an offset, either open): the catalogue's packs and
// the home page's slides show inside one, and the schedule revalidates the pages at its ends.

export interface VisibilityWindow {
  visibleFrom: string | null;
  visibleUntil: string | null;
}

export const instantOf = (iso: string | null | undefined) => (iso ? Date.parse(iso) : null);

/** Whether `now` is in the window: from `visibleFrom` (included) to `visibleUntil` (excluded). */
export function isVisible(window: VisibilityWindow, now: number): boolean {
  const from = instantOf(window.visibleFrom);
  const until = instantOf(window.visibleUntil);
  return (from === null || from <= now) && (until === null || now < until);
}

/** The given moments that are set (the window's ends, a sale's), as milliseconds. */
export const momentsOf = (...isos: (string | null | undefined)[]) =>
  isos.map(instantOf).filter((value): value is number => value !== null);

/** The first of `moments` after `now`, or null. */
export function nextAfter(moments: number[], now: number): number | null {
  const upcoming = moments.filter((moment) => moment > now);
  return upcoming.length ? Math.min(...upcoming) : null;
}
