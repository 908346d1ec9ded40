import type { PackContent } from '@carabala/contracts';
import { storeTabs, type Pack } from '@carabala/contracts/catalogue';
import { isVisible, momentsOf, nextAfter } from '../../lib/visibility-window';

// The rules of a pack's published content over time: when it shows, what the store sees of it, and
// the moments at which that changes (the schedule's boundaries).

export { isVisible };

/** Every moment the pack's public face changes: its window's ends and its sale's. */
export const boundariesOf = (content: PackContent): number[] =>
  momentsOf(content.visibleFrom, content.visibleUntil, content.sale?.startsAt, content.sale?.endsAt);

/** The event window a `window` limit counts in: the sale's when there is one, else the visibility window. */
export function eventWindowOf(content: PackContent): { start: string | null; end: string | null } {
  return content.sale
    ? { start: content.sale.startsAt, end: content.sale.endsAt }
    : { start: content.visibleFrom, end: content.visibleUntil };
}

/** The pack as the store shows it at `now` (a sale that has ended is left out). */
export function toStorePack(id: number, content: PackContent, now: number): Pack {
  const selectable = content.options !== null;
  const sale = content.sale && Date.parse(content.sale.endsAt) > now ? content.sale : null;
  return {
    id,
    title: content.title,
    price: selectable ? Math.min(...content.options!.map((option) => option.value)) : content.price,
    tab: content.tab,
    art: content.art,
    isSelect: selectable,
    options: content.options,
    items: selectable ? [] : content.items,
    limit: content.limit,
    sale,
    visibleUntil: content.visibleUntil,
  };
}

/**
 * The store at `now`: the visible packs in the store's order (tab, sort order, id), and the next
 * moment this answer changes by itself.
 */
export function storeAt(rows: { id: number; content: PackContent }[], now: number) {
  const visible = rows
    .filter((row) => isVisible(row.content, now))
    .sort(
      (a, b) =>
        storeTabs.indexOf(a.content.tab) - storeTabs.indexOf(b.content.tab) ||
        a.content.sortOrder - b.content.sortOrder ||
        a.id - b.id,
    );
  return {
    packs: visible.map((row) => toStorePack(row.id, row.content, now)),
    nextChangeAt: nextAfter(
      rows.flatMap((row) => boundariesOf(row.content)),
      now,
    ),
  };
}
