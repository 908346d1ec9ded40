/**
 * Times in words relative to now ("5 phút trước", "hôm qua vào lúc 10:00") and durations, in the page's language.
 * Apart from lib/format.ts because date-fns and its locales weigh about 9 KB gzip: only the pages that
 * show such a time load them, not every page's header.
 */
import {
  differenceInHours,
  formatDuration as formatDurationUnits,
  formatDistanceStrict,
  formatDistanceToNow,
  formatDistanceToNowStrict,
  formatRelative,
} from 'date-fns';
import { LOCALES } from '../../locales.mjs';

/** date-fns's words for the locale (locales.mjs; the default's for a code not listed); weeks start on Monday. */
const dateFnsOptions = (locale: string) => ({
  locale: (LOCALES.find(({ code }) => code === locale) ?? LOCALES[0]).dates,
  weekStartsOn: 1 as const,
});

/**
 * A duration the console reads at a glance, whole seconds in, in its two largest units, rounded down:
 * "45 giây", "22 phút", "9 giờ 57 phút", "2 ngày 4 giờ" (the console's analytics; date-fns's words).
 */
export function formatDuration(seconds: number, locale = 'vi'): string {
  const s = Math.max(0, Math.round(seconds));
  const minutes = Math.floor(s / 60);
  const hours = Math.floor(minutes / 60);
  const units =
    s < 60
      ? { seconds: s }
      : minutes < 60
        ? { minutes }
        : hours < 24
          ? { hours, minutes: minutes % 60 }
          : { days: Math.floor(hours / 24), hours: hours % 24 };
  return formatDurationUnits(units, { ...dateFnsOptions(locale), zero: s === 0 });
}

/** A number of minutes, decimals kept ("1.5 phút"), for a chart's axis. */
export const formatMinutes = (minutes: number, locale = 'vi') =>
  formatDurationUnits({ minutes }, { ...dateFnsOptions(locale), zero: true });

/**
 * A reply's time relative to now: "5 phút trước" within a day, then "hôm qua vào lúc 10:00",
 * "Thứ Sáu tuần trước vào lúc …" within the week before (weeks start on Monday), then a date.
 */
export function relativeTime(iso: string, locale: string, now = new Date()): string {
  const date = new Date(iso);
  if (Math.abs(differenceInHours(now, date)) < 24) {
    return formatDistanceToNow(date, { addSuffix: true, ...dateFnsOptions(locale) });
  }
  return formatRelative(date, now, dateFnsOptions(locale));
}

/** How long since an instant, in words without a suffix ("3 giờ"), for "waiting for …". */
export const durationSince = (iso: string, locale: string) =>
  formatDistanceToNowStrict(new Date(iso), dateFnsOptions(locale));

/** How long ago an instant was, to the second ("12 giây trước", "3 phút trước"): for what a page re-reads often. */
export const timeAgo = (iso: string, locale: string, now = new Date()) =>
  formatDistanceStrict(new Date(iso), now, { addSuffix: true, ...dateFnsOptions(locale) });
