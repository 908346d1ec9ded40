import { differenceInHours, formatDistanceToNow, formatRelative } from 'date-fns';
import { enUS, vi } from 'date-fns/locale';

const options = (locale: string) => ({ locale: locale === 'en' ? enUS : vi, weekStartsOn: 1 as const });

/**
 * A reply's time relative to now: "5 phút trước" within a day, then "hôm qua lúc 10:00",
 * "Thứ Hai tuần trước lúc …" (weeks start on Monday), then a date.
 */
export function relativeTime(iso: string, locale: string, now = new Date()): string {
  const date = new Date(iso);
  if (Math.abs(differenceInHours(now, date)) < 24) {
    return formatDistanceToNow(date, { addSuffix: true, ...options(locale) });
  }
  return formatRelative(date, now, options(locale));
}

const dateTimeFormat = new Intl.DateTimeFormat('vi-VN', {
  timeZone: 'Asia/Ho_Chi_Minh',
  hour: '2-digit',
  minute: '2-digit',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});

/** A date and time as shown in Vietnam. */
export const dateTime = (iso: string) => dateTimeFormat.format(new Date(iso));
