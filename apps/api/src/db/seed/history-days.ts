import { foldText, vietnamDay, vietnamDayRange } from '@carabala/contracts/labels';
import { allocate, type Random } from './random';

// The calendar of the demo history: the Vietnam days before the seed day, how busy each one is, and
// moments within a day.

/** With the seed day (the demo accounts' own orders), the console's "90 ngày": nothing before it. */
export const HISTORY_DAYS = 89;
export const MINUTE = 60_000;
export const HOUR = 3_600_000;
export const DAY = 86_400_000;

export interface HistoryDay {
  /** How many days before the seed day (1: yesterday). */
  ago: number;
  /** Its first instant (Vietnam midnight). */
  start: Date;
  /** 0 Sunday … 6 Saturday, in Vietnam. */
  weekday: number;
}

export interface Calendar {
  /** Oldest first. */
  days: HistoryDay[];
  /** The seed day's Vietnam midnight: the history ends before it. */
  todayStart: Date;
}

export function historyCalendar(now: Date): Calendar {
  const todayStart = vietnamDayRange(vietnamDay(now)).from;
  const days: HistoryDay[] = [];
  for (let ago = HISTORY_DAYS; ago >= 1; ago -= 1) {
    const start = new Date(todayStart.getTime() - ago * DAY);
    days.push({ ago, start, weekday: new Date(start.getTime() + 7 * HOUR).getUTCDay() });
  }
  return { days, todayStart };
}

/** How many Vietnam days before the seed day `at` falls (0: the seed day). */
export const daysAgo = (calendar: Calendar, at: Date) =>
  Math.round((calendar.todayStart.getTime() - vietnamDayRange(vietnamDay(at)).from.getTime()) / DAY);

/** The game grows over the range: 0.75 on its first day, 1.25 yesterday. */
export const growth = (day: HistoryDay) => 0.75 + (0.5 * (HISTORY_DAYS - day.ago)) / (HISTORY_DAYS - 1);

/** Each weekday's share, Sunday first: players buy most at the weekend and write most on Monday. */
export const buyingWeek = [1.25, 0.85, 0.85, 0.9, 0.9, 1.05, 1.3] as const;
export const writingWeek = [1.1, 1.35, 1.1, 1, 1, 0.95, 0.9] as const;

/** When in the day (Vietnam hours 0-23) players buy: the evening most, then the lunch break. */
export const buyingHours = [2, 1, 0.5, 0.3, 0.3, 0.5, 1, 2, 3, 3, 3, 4, 5, 4, 3, 3, 3, 4, 5, 7, 9, 10, 8, 5] as const;
/** When players write to support: through the day, less at night. */
export const writingHours = [1, 0.5, 0.3, 0.2, 0.2, 0.3, 1, 2, 4, 5, 5, 5, 4, 4, 5, 5, 4, 4, 4, 5, 6, 6, 4, 2] as const;

/** The weights of the days: growth × weekday × a little noise × `extra` (an event's rush). */
export function dayWeights(
  calendar: Calendar,
  random: Random,
  week: readonly number[],
  extra: (day: HistoryDay) => number = () => 1,
): number[] {
  return calendar.days.map((day) => growth(day) * week[day.weekday]! * (0.85 + random.next() * 0.3) * extra(day));
}

/** `total` events shared out over the days by `dayWeights`: each day listed once per event, oldest first. */
export function allocatedDays(
  calendar: Calendar,
  random: Random,
  total: number,
  week: readonly number[],
  extra?: (day: HistoryDay) => number,
): HistoryDay[] {
  const counts = allocate(total, dayWeights(calendar, random, week, extra));
  return calendar.days.flatMap((day, index) => Array.from({ length: counts[index]! }, () => day));
}

const hourTables = new WeakMap<readonly number[], (readonly [number, number])[]>();

/** A moment of `day`, its hour drawn from `hours`. */
export function momentOf(day: HistoryDay, hours: readonly number[], random: Random): Date {
  if (!hourTables.has(hours))
    hourTables.set(
      hours,
      hours.map((weight, index) => [index, weight] as const),
    );
  const hour = random.weighted(hourTables.get(hours)!);
  return new Date(day.start.getTime() + hour * HOUR + random.int(0, 3_599) * 1000);
}

/** A delay around `typical` ms, most near it, a few several times longer (a log-normal-like spread). */
export function delayAround(typical: number, random: Random): number {
  return Math.round(typical * Math.exp((random.next() + random.next() + random.next() - 1.5) * 1.6));
}

/** Upper-case without diacritics, as banks write a payer's name. */
export function bankName(name: string): string {
  return foldText(name).toUpperCase();
}
