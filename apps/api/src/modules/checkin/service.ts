import {
  analyticsDays,
  calendarDayOf,
  checkinCodes,
  type CheckinCalendarContent,
  type CheckinClaim,
  type CheckinPlayer,
  type CheckinResult,
  type CheckinStatus,
  type CheckinsPerDay,
  type StaffCheckinCalendar,
  type checkinCalendarBodySchema,
} from '@carabala/contracts';
import { vietnamDay, vietnamDayRange } from '@carabala/contracts/labels';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { draftedDocuments } from '../../db/drafts';
import type { EventPublisher } from '../../lib/events';
import { toStaffDocument } from '../../lib/drafted-documents';
import { text } from '../../lib/sentences';
import { AppError, notFound } from '../../plugins/errors';
import { recordAudit } from '../audit';
import { itemFields, refuseUnlistedItems } from '../game';
import { enqueueMail } from '../mailbox';
import { checkinRefusals } from './messages';
import {
  CALENDAR_ID,
  calendarDocuments,
  countClaimsPerDay,
  findClaimsBetween,
  findPublishedCalendar,
  findStaffCalendar,
  insertClaim,
  type ClaimRow,
  type StaffCalendarRow,
} from './repository';

type CalendarBody = z.output<typeof checkinCalendarBodySchema>;

const DAY_MS = 86_400_000;

/** The Vietnam day `days` after `day` (YYYY-MM-DD; negative: before). */
const dayPlus = (day: string, days: number) =>
  vietnamDay(new Date(vietnamDayRange(day).from.getTime() + days * DAY_MS));

const toClaim = (row: ClaimRow): CheckinClaim => ({ ...row, createdAt: row.createdAt.toISOString() });

const toStaffCalendar = (row: StaffCalendarRow): StaffCheckinCalendar => ({
  ...toStaffDocument(row),
  claims: Number(row.claims),
});

/** Every item a calendar names. */
const itemsOf = (calendar: CheckinCalendarContent | null | undefined) =>
  (calendar?.days ?? []).flatMap((day) => day.items.map((item) => item.itemId));

/** The body as stored, once every item is one the game lists (or one the calendar already had). */
async function contentOf(tx: Tx, id: number, body: CalendarBody): Promise<CheckinCalendarContent> {
  const current = await findStaffCalendar(tx, id);
  const fields = body.days.flatMap((day, index) => itemFields(`days.${index}.items`, day.items));
  await refuseUnlistedItems(tx, fields, [...itemsOf(current?.draft), ...itemsOf(current?.published)]);
  return body;
}

/**
 * The streak the check-ins of the player's recent days (newest first) make up to `day`: consecutive
 * Vietnam days ending at `day` or, when `day` has none, at the day before.
 */
function currentStreak(claims: ClaimRow[], day: string) {
  const [latest] = claims;
  if (!latest) return { streak: 0, claims: [] as ClaimRow[] };
  if (latest.day !== day && latest.day !== dayPlus(day, -1)) return { streak: 0, claims: [] as ClaimRow[] };
  return { streak: latest.streak, claims: claims.slice(0, latest.streak) };
}

export interface CheckinDeps {
  db: Db;
  events: EventPublisher;
}

/** The daily check-in (decision record 061): the staff's calendar, drafted and published, and the players' claims. */
export function createCheckinService({ db, events }: CheckinDeps) {
  const drafted = draftedDocuments<
    number,
    CheckinCalendarContent,
    StaffCalendarRow,
    StaffCheckinCalendar,
    CalendarBody
  >(db, {
    ...calendarDocuments,
    newId: async () => CALENDAR_ID,
    contentOf,
    present: toStaffCalendar,
    notFound: () => notFound(checkinRefusals.calendarNotFound),
    audit: (tx, actorId, change, id, content, changes) =>
      recordAudit(tx, {
        actorId,
        action: `checkin_calendar.${change}`,
        targetType: 'checkin_calendar',
        targetId: String(id),
        detail: { title: content.title, ...changes },
      }),
  });

  /** The player's state on `day` against a calendar of `length` days. */
  async function playerState(userId: string, length: number, now: Date): Promise<CheckinPlayer> {
    const today = vietnamDay(now);
    const recent = await findClaimsBetween(db, userId, dayPlus(today, 1 - length), today);
    const { streak, claims } = currentStreak(recent, today);
    const checkedInToday = claims[0]?.day === today;
    return {
      today,
      checkedInToday,
      streak,
      calendarDay: checkedInToday ? claims[0]!.calendarDay : calendarDayOf(streak + 1, length),
      nextAt: (checkedInToday ? vietnamDayRange(today).to : now).toISOString(),
      claims: claims.reverse().map(toClaim),
    };
  }

  async function status(userId: string | null, now = new Date()): Promise<CheckinStatus> {
    const calendar = (await findPublishedCalendar(db)) ?? null;
    if (!calendar) return { calendar: null, player: null };
    return { calendar, player: userId ? await playerState(userId, calendar.days.length, now) : null };
  }

  return {
    /** The staff's calendar, or null before the first draft. */
    async calendar(): Promise<StaffCheckinCalendar | null> {
      const row = await findStaffCalendar(db, CALENDAR_ID);
      return row ? toStaffCalendar(row) : null;
    },

    /** Writes the calendar's draft (creating it the first time): players see nothing until `publish`. */
    async saveDraft(actorId: string, body: CalendarBody): Promise<StaffCheckinCalendar> {
      const exists = await findStaffCalendar(db, CALENDAR_ID);
      return exists ? drafted.update(CALENDAR_ID, actorId, body) : drafted.create(actorId, body);
    },

    publish: (actorId: string) => drafted.publish(CALENDAR_ID, actorId),

    status,

    /**
     * Today's check-in: the streak's calendar day, its items to the mailbox (source 'checkin', the
     * claim's id) in the same transaction. One per (user, Vietnam day): a second, also at the same
     * moment, is refused with when the next one opens.
     */
    async checkIn(user: { id: string; shortId: string }, now = new Date()): Promise<CheckinResult> {
      const calendar = await findPublishedCalendar(db);
      if (!calendar) throw new AppError(409, checkinCodes.closed, checkinRefusals.closed);
      const today = vietnamDay(now);
      const claim = await db.transaction(async (tx) => {
        const [yesterday] = await findClaimsBetween(tx, user.id, dayPlus(today, -1), dayPlus(today, -1));
        const streak = (yesterday?.streak ?? 0) + 1;
        const calendarDay = calendarDayOf(streak, calendar.days.length);
        const items = calendar.days[calendarDay - 1]!.items;
        const row = await insertClaim(tx, { userId: user.id, day: today, streak, calendarDay, items });
        if (!row) return undefined;
        await enqueueMail(tx, {
          receiverId: user.id,
          receiverShortId: user.shortId,
          title: text('server.checkin.mailTitle', { day: calendarDay, title: calendar.title }).slice(0, 200),
          items,
          source: 'checkin',
          sourceId: row.id,
          character: null,
        });
        return row;
      });
      if (!claim) {
        throw new AppError(409, checkinCodes.already, checkinRefusals.already(vietnamDayRange(today).to));
      }
      events.nudge('mail.queued');
      return { claim: toClaim(claim), status: await status(user.id, now) };
    },

    /** Check-ins of each Vietnam day of [from, to] (analytics), days with none included. */
    async perDay({ from, to }: { from: string; to: string }): Promise<CheckinsPerDay> {
      const counted = new Map((await countClaimsPerDay(db, from, to)).map((row) => [row.day, row.checkins]));
      const days = Array.from({ length: analyticsDays({ from, to }) }, (_, index) => {
        const date = dayPlus(from, index);
        return { date, checkins: counted.get(date) ?? 0 };
      });
      return { days, total: days.reduce((sum, day) => sum + day.checkins, 0) };
    },
  };
}

export type CheckinService = ReturnType<typeof createCheckinService>;
