import type { CheckinCalendarContent } from '@carabala/contracts';
import { check, date, index, integer, jsonb, pgTable, serial, unique } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { draftedColumns, randomId, requiredRef, stampedAt } from './columns';
import type { MailItem } from './mailbox';
import { users } from './users';

// The check-in module's tables (modules/checkin, decision record 061).

/** The check-in calendar (one row, id 1): staff write `draft`; `publish` copies it to `published`, the only state players read. */
export const checkinCalendars = pgTable('checkin_calendars', {
  id: serial('id').primaryKey(),
  ...draftedColumns<CheckinCalendarContent>(),
});

/**
 * A player's check-in of one Vietnam day: the unique (user, day) key makes a second one that day
 * impossible, also for requests at the same moment. Its id is the mail's source id ('checkin').
 */
export const checkinClaims = pgTable(
  'checkin_claims',
  {
    id: randomId(),
    userId: requiredRef('user_id', () => users.id, 'cascade'),
    /** The Vietnam day (Asia/Ho_Chi_Minh) checked in. */
    day: date('day', { mode: 'string' }).notNull(),
    /** Consecutive Vietnam days checked in, this one included. */
    streak: integer('streak').notNull(),
    /** The calendar day it gave (1-based). */
    calendarDay: integer('calendar_day').notNull(),
    items: jsonb('items').$type<MailItem[]>().notNull(),
    createdAt: stampedAt('created_at'),
  },
  (table) => [
    unique('checkin_claims_user_day_unique').on(table.userId, table.day),
    index('checkin_claims_day_idx').on(table.day),
    check('checkin_claims_streak_positive', sql`${table.streak} >= 1 and ${table.calendarDay} >= 1`),
  ],
);
