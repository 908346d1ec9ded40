/**
 * @carabala/contracts/labels: what a page shows without parsing anything: the embedded game's item
 * names (the game's own words, like any connected game's list) and the display helpers for money,
 * counts, avatars and search. The names of roles, states and categories are messages
 * (apps/web/messages, decision record 053). No zod here (only type imports), so a page that shows a
 * label does not ship the schemas. A contracts test checks that this entry never imports zod.
 */
import { items } from './catalogue';
import { sentence, type Sentence } from './sentences';
import { formatCount } from './money';

export { formatCount, formatVnd } from './money';
export { avatarFallback, avatarSource } from './avatar';
export { foldText, matchesSearch, slugOf, truncateTitle } from './text';
export {
  formatVietnamDayMonth,
  formatVietnamTime,
  formatVietnamTimeSeconds,
  vietnamDay,
  vietnamDayRange,
  vietnamHourDay,
  vietnamMonthRange,
  vietnamParts,
  vietnamTimestamp,
} from './vietnam-time';

/**
 * The embedded game's item names, by id (the item catalogue's constant): the fallback when the names of
 * the game's own list (GET /api/items/names, the API's copy of the game's items) are not at hand.
 */
export const itemLabels: Readonly<Record<string, string>> = Object.fromEntries(
  items.map((entry) => [entry.id, entry.label]),
);

/** Item names by id, as GET /api/items/names answers them. */
export type ItemNameMap = Readonly<Record<string, string>>;

/**
 * An item's Vietnamese name: the game's (`names`), else the embedded list's; an id neither knows (an
 * old stored row) shows as itself.
 */
export function itemLabel(itemId: string, names?: ItemNameMap): string {
  if (names && Object.hasOwn(names, itemId)) return names[itemId]!;
  return Object.hasOwn(itemLabels, itemId) ? itemLabels[itemId]! : itemId;
}

/** "300,000 × Vàng": a quantity in the site's number style, then the item's name (players and staff). */
export function formatItem(item: { itemId: string; quantity: number }, names?: ItemNameMap): string {
  return `${formatCount(item.quantity)} × ${itemLabel(item.itemId, names)}`;
}

/** Several items on one line, comma-separated. */
export function formatItems(list: readonly { itemId: string; quantity: number }[], names?: ItemNameMap): string {
  return list.map((item) => formatItem(item, names)).join(', ');
}

/**
 * A duration the chat alerts read at a glance, whole seconds in, as a catalogue sentence
 * (the API's server.duration: 45 seconds, 12 minutes, 3 hours 5 minutes, 2 days 4 hours): the two
 * largest units, rounded down.
 */
export function durationSentence(seconds: number): Sentence {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return sentence('duration.seconds', { seconds: s });
  const minutes = Math.floor(s / 60);
  if (minutes < 60) return sentence('duration.minutes', { minutes });
  const hours = Math.floor(minutes / 60);
  if (hours < 24) {
    return minutes % 60
      ? sentence('duration.hoursMinutes', { hours, minutes: minutes % 60 })
      : sentence('duration.hours', { hours });
  }
  const days = Math.floor(hours / 24);
  return hours % 24 ? sentence('duration.daysHours', { days, hours: hours % 24 }) : sentence('duration.days', { days });
}
