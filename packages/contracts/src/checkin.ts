import { z } from 'zod';
import { requiredText } from './envelope';
import { draftedRecord, itemListSchema, packItemOut } from './packs';

/**
 * The daily check-in "Điểm danh" (issue 41, decision record 061). Staff draft and publish one calendar
 * of 7 or 30 days, each day's in-game items. A player checks in once per Vietnam day; the calendar day
 * they get is their streak of consecutive Vietnam days, modulo the calendar's length (day 1 after the
 * last day); a missed day starts the streak again at day 1. The reward goes to the in-game mailbox.
 */
export const checkinLengths = [7, 30] as const;

export const checkinCodes = {
  /** Already checked in this Vietnam day; `nextAt` says when the next one opens. */
  already: 'api.checkin.already',
  /** No calendar is published. */
  closed: 'api.checkin.closed',
} as const;

/** Catalogue keys (errors.json `checkin`, adminErrors.json `checkinCalendar`). */
export const checkinMessages = {
  success: 'checkin.success',
  already: 'checkin.already',
  closed: 'checkin.closed',
  title: 'checkinCalendar.title',
  length: 'checkinCalendar.length',
  dayItems: 'checkinCalendar.dayItems',
} as const;

const daySchema = z.object({ items: itemListSchema.min(1, { error: checkinMessages.dayItems }) });

/** PUT /api/internal/checkin/calendar: the calendar's whole draft. */
export const checkinCalendarBodySchema = z.object({
  title: requiredText(checkinMessages.title, 100),
  days: z.array(daySchema).refine((days) => (checkinLengths as readonly number[]).includes(days.length), {
    error: checkinMessages.length,
  }),
});
export type CheckinCalendarBody = z.input<typeof checkinCalendarBodySchema>;
/** A draft or a published calendar as stored. */
export type CheckinCalendarContent = z.infer<typeof checkinCalendarBodySchema>;

const calendarOut = z.object({
  title: z.string(),
  days: z.array(z.object({ items: z.array(packItemOut) })),
});

/** The calendar as staff read it (one record, id 1): its draft, its published state, and how many check-ins. */
export const staffCheckinCalendarSchema = draftedRecord(calendarOut).extend({ claims: z.number().int() });
export type StaffCheckinCalendar = z.infer<typeof staffCheckinCalendarSchema>;
/** GET /api/internal/checkin/calendar: null until staff save a first draft. */
export const staffCheckinCalendarAnswerSchema = z.object({ calendar: staffCheckinCalendarSchema.nullable() });

/** One check-in of a player: its Vietnam day, the calendar day it gave, the streak then and the items. */
export const checkinClaimSchema = z.object({
  id: z.string(),
  day: z.string(),
  calendarDay: z.number().int(),
  streak: z.number().int(),
  items: z.array(packItemOut),
  createdAt: z.string(),
});
export type CheckinClaim = z.infer<typeof checkinClaimSchema>;

/** What a signed-in player's check-in stands at. */
export const checkinPlayerSchema = z.object({
  /** Today's Vietnam day (YYYY-MM-DD). */
  today: z.string(),
  checkedInToday: z.boolean(),
  /** Consecutive Vietnam days checked in, up to today (or yesterday while today is still open). */
  streak: z.number().int(),
  /** The calendar day (1-based) of today's check-in if done, else the one the next check-in gives. */
  calendarDay: z.number().int(),
  /** When the next check-in opens: the next Vietnam midnight once today's is done, else now. */
  nextAt: z.string(),
  /** The check-ins of the current streak, oldest first (at most the calendar's length). */
  claims: z.array(checkinClaimSchema),
});
export type CheckinPlayer = z.infer<typeof checkinPlayerSchema>;

/** GET /api/checkin: the published calendar (null: no check-in now) and, signed in, the player's state. */
export const checkinStatusSchema = z.object({
  calendar: calendarOut.nullable(),
  player: checkinPlayerSchema.nullable(),
});
export type CheckinStatus = z.infer<typeof checkinStatusSchema>;

/** POST /api/checkin: today's check-in and the state after it. */
export const checkinResultSchema = z.object({ claim: checkinClaimSchema, status: checkinStatusSchema });
export type CheckinResult = z.infer<typeof checkinResultSchema>;

/** The calendar day a streak's n-th day gives (1-based), for a calendar of `length` days. */
export const calendarDayOf = (streak: number, length: number) => ((Math.max(1, streak) - 1) % length) + 1;

/** GET /api/internal/checkin/per-day?from&to (the analytics page): check-ins of each Vietnam day of the range. */
export const checkinsPerDaySchema = z.object({
  days: z.array(z.object({ date: z.string(), checkins: z.number().int() })),
  total: z.number().int(),
});
export type CheckinsPerDay = z.infer<typeof checkinsPerDaySchema>;
