/**
 * The web's one formatting module: money, counts, items ("1,000 × Kim cương"), times in Vietnam time, and the date inputs the staff fill in. Pages import from here, never `Intl` directly.
 */
import { vietnamParts } from '@carabala/contracts/labels';

export {
  formatCount,
  formatItem,
  formatItems,
  formatVietnamDayMonth,
  formatVietnamTime,
  formatVnd,
  vietnamDay,
} from '@carabala/contracts/labels';

/**
 * 23/11/2026 14:05: every time the console shows, and the text its date inputs hold, in Vietnam time.
 * Built from fixed parts, not `Intl` or `datetime-local`, whose order follows the browser's locale.
 */
export function formatConsoleTime(date: Date | string): string {
  const p = vietnamParts(date);
  return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}`;
}

/** The same to the second ("23/11/2026 14:05:09"), for a board that re-reads itself every few seconds. */
export function formatConsoleTimeSeconds(date: Date | string): string {
  return `${formatConsoleTime(date)}:${vietnamParts(date).second}`;
}

const CONSOLE_TIME = /^(\d{2})\/(\d{2})\/(\d{4}) (\d{2}):(\d{2})$/;

/** A console date input: text typed as dd/mm/yyyy HH:mm, whatever the browser's locale. */
export const consoleTimeInput = { type: 'text', placeholder: 'dd/mm/yyyy HH:mm', autoComplete: 'off' } as const;

/**
 * A console date input's text ("23/11/2026 14:05", Vietnam's wall clock, UTC+7 all year) to an ISO
 * instant with its offset; empty is null. Other text is sent as typed, for the API to refuse on its field.
 */
export function fromVietnamInput(value: string): string | null {
  const text = value.trim();
  const match = CONSOLE_TIME.exec(text);
  if (!match) return text || null;
  const [, day, month, year, hour, minute] = match;
  return `${year}-${month}-${day}T${hour}:${minute}:00+07:00`;
}

/** A day (2026-11-23) as a console day input shows it: 23/11/2026. */
export const toDayInput = (day: string) => day.replace(/^(\d{4})-(\d{2})-(\d{2})$/, '$3/$2/$1');

/** A console day input's text (23/11/2026) to the day (2026-11-23); null while it is not a real, whole date. */
export function fromDayInput(text: string): string | null {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text.trim());
  const day = match ? `${match[3]}-${match[2]}-${match[1]}` : null;
  // 31/02 or a US-ordered 11/23 would roll over into another day.
  const time = day ? Date.parse(`${day}T00:00:00Z`) : NaN;
  return Number.isFinite(time) && new Date(time).toISOString().startsWith(day!) ? day : null;
}

/** A day value (a Vietnam day, 2026-11-23) to the instant at its start or end, with its offset. */
export const vietnamDayBoundary = (day: string, end: boolean) =>
  day ? `${day}T${end ? '23:59:59.999' : '00:00:00.000'}+07:00` : undefined;

/** An ISO instant to a console date input's text. */
export const toVietnamInput = (iso: string | null) => (iso ? formatConsoleTime(iso) : '');

/** A share or a change in percent, one decimal at most: "66.7%"; `signed` adds "+" to a rise ("+12%"). */
export function formatPercent(value: number, signed = false): string {
  const text = `${Math.abs(value)}%`;
  if (value < 0) return `−${text}`;
  return signed && value > 0 ? `+${text}` : text;
}
