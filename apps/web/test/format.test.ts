import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  formatPercent,
  formatConsoleTime,
  formatCount,
  formatVietnamDayMonth,
  formatVietnamTime,
  formatVnd,
  fromDayInput,
  fromVietnamInput,
  toDayInput,
  toVietnamInput,
  vietnamDay,
  vietnamDayBoundary,
} from '@/lib/format';
import { durationSince, formatDuration, relativeTime } from '@/lib/relative-time';

afterEach(() => {
  vi.useRealTimers();
});

describe('money and counts', () => {
  it('separates thousands with commas and suffixes amounts with đ', () => {
    expect(formatVnd(49_000)).toBe('49,000đ');
    expect(formatVnd(1_299_000)).toBe('1,299,000đ');
    expect(formatVnd(999)).toBe('999đ');
    expect(formatVnd(0)).toBe('0đ');
  });

  it('keeps the sign and drops fractions of a count', () => {
    expect(formatCount(-1_234_567.8)).toBe('-1,234,567');
    expect(formatCount(1000)).toBe('1,000');
    expect(formatCount(100)).toBe('100');
  });
});

describe('times in Vietnam time (UTC+7, whatever the machine)', () => {
  // 07:05:09 UTC is 14:05:09 in Vietnam; 20:30 UTC is already the next day there.
  const afternoon = '2026-11-23T07:05:09.000Z';
  const lateEvening = '2026-11-23T20:30:00.000Z';

  it('shows players hours, minutes, then the day; the console the day, then hours and minutes', () => {
    expect(formatVietnamTime(afternoon)).toBe('14:05 23/11/2026');
    expect(formatConsoleTime(afternoon)).toBe('23/11/2026 14:05');
    expect(formatVietnamDayMonth(afternoon)).toBe('23/11');
  });

  it("counts a UTC evening in Vietnam's next day", () => {
    expect(vietnamDay(lateEvening)).toBe('2026-11-24');
    expect(formatVietnamTime(lateEvening)).toBe('03:30 24/11/2026');
  });
});

describe('the date inputs the staff fill in (dd/mm/yyyy HH:mm)', () => {
  it("reads an input as Vietnam's wall clock", () => {
    expect(fromVietnamInput('23/11/2026 14:05')).toBe('2026-11-23T14:05:00+07:00');
    expect(Date.parse(fromVietnamInput(' 23/11/2026 14:05 ')!)).toBe(Date.parse('2026-11-23T07:05:00Z'));
  });

  it('passes other text on as typed, for the schema to refuse in Vietnamese', () => {
    expect(fromVietnamInput('11/23/2026, 02:05 PM')).toBe('11/23/2026, 02:05 PM');
  });

  it('an empty input is no time at all', () => {
    expect(fromVietnamInput('')).toBeNull();
    expect(toVietnamInput(null)).toBe('');
  });

  it("shows an instant as Vietnam's wall clock, on Vietnam's day", () => {
    expect(toVietnamInput('2026-11-23T07:05:59Z')).toBe('23/11/2026 14:05');
    expect(toVietnamInput('2026-11-23T20:30:00Z')).toBe('24/11/2026 03:30');
  });

  it('gives back the instant it was shown (to the minute)', () => {
    const instant = '2026-02-28T19:45:00.000Z';
    expect(new Date(fromVietnamInput(toVietnamInput(instant))!).toISOString()).toBe(instant);
  });

  it('types a day as dd/mm/yyyy, and reads it only once whole', () => {
    expect(toDayInput('2026-11-23')).toBe('23/11/2026');
    expect(fromDayInput('23/11/2026')).toBe('2026-11-23');
    expect(fromDayInput('23/11/20')).toBeNull();
    expect(fromDayInput('11/23/2026')).toBeNull();
    expect(fromDayInput('31/02/2026')).toBeNull();
  });

  it("bounds a filter's day by Vietnam's midnight, start and end", () => {
    expect(vietnamDayBoundary('2026-11-23', false)).toBe('2026-11-23T00:00:00.000+07:00');
    expect(vietnamDayBoundary('2026-11-23', true)).toBe('2026-11-23T23:59:59.999+07:00');
    expect(Date.parse(vietnamDayBoundary('2026-11-23', false)!)).toBe(Date.parse('2026-11-22T17:00:00Z'));
    expect(vietnamDayBoundary('', true)).toBeUndefined();
  });
});

describe('relative times', () => {
  // Local times, so that the calendar words ("hôm qua") do not depend on the machine's zone.
  const now = new Date(2026, 10, 23, 15, 0);

  it('within a day: how long ago, in the reader’s language', () => {
    vi.useFakeTimers({ now });
    const fiveMinutesAgo = new Date(2026, 10, 23, 14, 55).toISOString();
    expect(relativeTime(fiveMinutesAgo, 'vi', now)).toBe('5 phút trước');
    expect(relativeTime(fiveMinutesAgo, 'en', now)).toBe('5 minutes ago');
  });

  it('past a day: the calendar day and the time', () => {
    vi.useFakeTimers({ now });
    const yesterday = new Date(2026, 10, 22, 10, 0).toISOString();
    expect(relativeTime(yesterday, 'vi', now)).toBe('hôm qua vào lúc 10:00');
    expect(relativeTime(yesterday, 'en', now)).toBe('yesterday at 10:00 AM');
  });

  it('within the week before: the weekday and the time', () => {
    const wednesday = new Date(2026, 10, 25, 15, 0);
    vi.useFakeTimers({ now: wednesday });
    expect(relativeTime(new Date(2026, 10, 20, 10, 0).toISOString(), 'vi', wednesday)).toBe(
      'Thứ Sáu tuần trước vào lúc 10:00',
    );
  });

  it('long past: a date', () => {
    vi.useFakeTimers({ now });
    expect(relativeTime(new Date(2026, 8, 1, 10, 0).toISOString(), 'en', now)).toBe('09/01/2026');
  });

  it('how long something has waited, without a suffix', () => {
    vi.useFakeTimers({ now });
    const threeHoursAgo = new Date(2026, 10, 23, 12, 0).toISOString();
    expect(durationSince(threeHoursAgo, 'vi')).toBe('3 giờ');
    expect(durationSince(threeHoursAgo, 'en')).toBe('3 hours');
  });
});

describe('durations and percentages of the analytics', () => {
  it('reads a duration in its two largest units, rounded down', () => {
    expect(formatDuration(0)).toBe('0 giây');
    expect(formatDuration(45.4)).toBe('45 giây');
    expect(formatDuration(1_350)).toBe('22 phút');
    expect(formatDuration(3_600)).toBe('1 giờ');
    expect(formatDuration(50_430)).toBe('14 giờ');
    expect(formatDuration(35_841)).toBe('9 giờ 57 phút');
    expect(formatDuration(2 * 86_400 + 4 * 3_600 + 59)).toBe('2 ngày 4 giờ');
  });

  it('signs a change on request and writes a fall with a minus sign', () => {
    expect(formatPercent(66.7)).toBe('66.7%');
    expect(formatPercent(12, true)).toBe('+12%');
    expect(formatPercent(-5.3, true)).toBe('−5.3%');
    expect(formatPercent(0, true)).toBe('0%');
  });
});
