'use client';

import type { CheckinStatus } from '@carabala/contracts';
import { useTranslations } from 'next-intl';
import { formatItems } from '@/lib/format';
import { useItemNames } from '@/lib/item-names';

export type DayState = 'claimed' | 'today' | 'upcoming';

/**
 * Where each calendar day stands for the player: the days of this round of the calendar before the
 * next one are claimed (a streak is consecutive), today's is "today" until checked in. Signed out: all upcoming.
 */
export function dayStates(length: number, player: CheckinStatus['player']): DayState[] {
  return Array.from({ length }, (_, index) => {
    const day = index + 1;
    if (!player) return 'upcoming';
    if (day < player.calendarDay || (day === player.calendarDay && player.checkedInToday)) return 'claimed';
    return day === player.calendarDay ? 'today' : 'upcoming';
  });
}

const tones: Record<DayState, string> = {
  claimed: 'bg-emerald-50 ring-emerald-500/50 text-emerald-900',
  today: 'bg-gold/20 ring-2 ring-gold-deep text-ink',
  upcoming: 'bg-white ring-ink/10 text-ink/80',
};

/** The calendar: each day's items and its state in words (claimed, today, upcoming). */
export function CalendarGrid({
  calendar,
  player,
}: Pick<CheckinStatus, 'player'> & { calendar: NonNullable<CheckinStatus['calendar']> }) {
  const t = useTranslations('checkin');
  const names = useItemNames();
  const states = dayStates(calendar.days.length, player);
  return (
    <ol className="grid grid-cols-2 gap-2 sm:grid-cols-4 md:grid-cols-7">
      {calendar.days.map((day, index) => (
        <li
          key={index}
          data-state={states[index]}
          data-testid={`checkin-day-${index + 1}`}
          className={`flex flex-col gap-1 rounded-xl p-3 ring-1 ${tones[states[index]!]}`}
        >
          <span className="text-sm font-bold">{t('day', { day: index + 1 })}</span>
          <span className="text-sm break-words">{formatItems(day.items, names)}</span>
          <span className="mt-auto text-xs font-semibold">{t(`states.${states[index]!}`)}</span>
        </li>
      ))}
    </ol>
  );
}
