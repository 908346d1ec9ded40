import type { CheckinCalendarContent } from '@carabala/contracts';
import { and, asc, count, desc, eq, gte, isNotNull, lte, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { draftStateSql, draftedRowById, publishedFromDraft } from '../../db/drafts';
import { checkinCalendars, checkinClaims, type MailItem } from '../../db/schema';

/** The one calendar's id: staff edit a single calendar. */
export const CALENDAR_ID = 1;

const staffColumns = {
  id: checkinCalendars.id,
  draft: checkinCalendars.draft,
  published: checkinCalendars.published,
  publishedAt: checkinCalendars.publishedAt,
  createdAt: checkinCalendars.createdAt,
  updatedAt: checkinCalendars.updatedAt,
  state: draftStateSql(checkinCalendars.draft, checkinCalendars.published),
  claims: sql<number>`(select count(*)::int from ${checkinClaims})`,
};

export const findStaffCalendar = draftedRowById<typeof staffColumns, number>(checkinCalendars, staffColumns);
export type StaffCalendarRow = NonNullable<Awaited<ReturnType<typeof findStaffCalendar>>>;

/** The calendar as a drafted document (db/drafts): its reads and the module's writes. */
export const calendarDocuments = {
  find: findStaffCalendar,
  insertDraft: (tx: Tx, id: number, draft: CheckinCalendarContent) => tx.insert(checkinCalendars).values({ id, draft }),
  replaceDraft: (tx: Tx, id: number, draft: CheckinCalendarContent) =>
    tx.update(checkinCalendars).set({ draft, updatedAt: new Date() }).where(eq(checkinCalendars.id, id)),
  publish: (tx: Tx, id: number) =>
    tx.update(checkinCalendars).set(publishedFromDraft(checkinCalendars.draft)).where(eq(checkinCalendars.id, id)),
};

/** The published calendar, or undefined when none is. */
export async function findPublishedCalendar(db: Db | Tx) {
  const [row] = await db
    .select({ published: checkinCalendars.published })
    .from(checkinCalendars)
    .where(and(eq(checkinCalendars.id, CALENDAR_ID), isNotNull(checkinCalendars.published)))
    .limit(1);
  return row?.published ?? undefined;
}

const claimColumns = {
  id: checkinClaims.id,
  day: checkinClaims.day,
  streak: checkinClaims.streak,
  calendarDay: checkinClaims.calendarDay,
  items: checkinClaims.items,
  createdAt: checkinClaims.createdAt,
};
export type ClaimRow = {
  id: string;
  day: string;
  streak: number;
  calendarDay: number;
  items: MailItem[];
  createdAt: Date;
};

/** The player's check-ins of the days [from, to], newest first. */
export function findClaimsBetween(db: Db | Tx, userId: string, from: string, to: string): Promise<ClaimRow[]> {
  return db
    .select(claimColumns)
    .from(checkinClaims)
    .where(and(eq(checkinClaims.userId, userId), gte(checkinClaims.day, from), lte(checkinClaims.day, to)))
    .orderBy(desc(checkinClaims.day));
}

/**
 * Writes the check-in of (user, day); undefined when that day's is already written (also by a request
 * at the same moment: the unique (user, day) key decides).
 */
export async function insertClaim(
  tx: Tx,
  claim: { userId: string; day: string; streak: number; calendarDay: number; items: MailItem[] },
): Promise<ClaimRow | undefined> {
  const [row] = await tx.insert(checkinClaims).values(claim).onConflictDoNothing().returning(claimColumns);
  return row;
}

/** Check-ins per Vietnam day in [from, to] (days with none left out), oldest first. */
export async function countClaimsPerDay(db: Db, from: string, to: string) {
  const rows = await db
    .select({ day: checkinClaims.day, checkins: count() })
    .from(checkinClaims)
    .where(and(gte(checkinClaims.day, from), lte(checkinClaims.day, to)))
    .groupBy(checkinClaims.day)
    .orderBy(asc(checkinClaims.day));
  return rows.map((row) => ({ day: row.day, checkins: Number(row.checkins) }));
}
