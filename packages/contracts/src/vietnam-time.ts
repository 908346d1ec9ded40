/**
 * Vietnam time, the one place a date is turned into what a player, a staff member, a CSV file or a
 * purchase limit reads. Times are stored and sent in UTC; Vietnam has no daylight saving, but the
 * offset is left to the time-zone database rather than written out by hand.
 */
const vietnamClock = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Asia/Ho_Chi_Minh',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

export interface VietnamParts {
  year: string;
  month: string;
  day: string;
  hour: string;
  minute: string;
  second: string;
}

/** The wall-clock fields of `date` in Asia/Ho_Chi_Minh, each zero-padded. */
export function vietnamParts(date: Date | string): VietnamParts {
  const parts: Record<string, string> = {};
  for (const part of vietnamClock.formatToParts(new Date(date))) parts[part.type] = part.value;
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    hour: parts.hour!,
    minute: parts.minute!,
    second: parts.second!,
  };
}

/** 2026-11-23: the Vietnam calendar day (daily limits, report days, file names). */
export function vietnamDay(date: Date | string): string {
  const p = vietnamParts(date);
  return `${p.year}-${p.month}-${p.day}`;
}

/** 2026-11-23 14:05:09: a sortable Vietnam time (CSV exports, the bank feed's transactionDate). */
export function vietnamTimestamp(date: Date | string): string {
  const p = vietnamParts(date);
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
}

/** 14:05 23/11/2026: a time as Vietnamese players read it. */
export function formatVietnamTime(date: Date | string): string {
  const p = vietnamParts(date);
  return `${p.hour}:${p.minute} ${p.day}/${p.month}/${p.year}`;
}

/** 14:05:09 23/11/2026: a time to the second, for staff lists and audit trails. */
export function formatVietnamTimeSeconds(date: Date | string): string {
  const p = vietnamParts(date);
  return `${p.hour}:${p.minute}:${p.second} ${p.day}/${p.month}/${p.year}`;
}

/** 23/11: a day in a short list (the home page's news). */
export function formatVietnamDayMonth(date: Date | string): string {
  const p = vietnamParts(date);
  return `${p.day}/${p.month}`;
}

/** Vietnam has kept UTC+7 all year since 1975: a day or month starts at a fixed offset. */
const VIETNAM_OFFSET = '+07:00';

/** The instants of one Vietnam calendar day (2026-11-23), [from, to): reports and revenue. */
export function vietnamDayRange(day: string): { from: Date; to: Date } {
  const from = new Date(`${day}T00:00:00${VIETNAM_OFFSET}`);
  return { from, to: new Date(from.getTime() + 86_400_000) };
}

/** The instants of the Vietnam calendar month a day (2026-11-23) falls in, [from, to). */
export function vietnamMonthRange(day: string): { from: Date; to: Date } {
  const [year, month] = day.split('-').map(Number) as [number, number];
  const next = month === 12 ? `${year + 1}-01` : `${year}-${String(month + 1).padStart(2, '0')}`;
  return {
    from: new Date(`${day.slice(0, 7)}-01T00:00:00${VIETNAM_OFFSET}`),
    to: new Date(`${next}-01T00:00:00${VIETNAM_OFFSET}`),
  };
}

/** { time: '00:00', day: '27/11' }: when something happens again (a purchase limit's reset), in Vietnam time. */
export function vietnamHourDay(date: Date | string): { time: string; day: string } {
  const p = vietnamParts(date);
  return { time: `${p.hour}:${p.minute}`, day: `${p.day}/${p.month}` };
}
