import { sentence } from '@carabala/contracts';
import { formatVietnamTime } from '@carabala/contracts/labels';

/** The check-in's refusals by catalogue key (decision record 053): errors.json `checkin`, adminErrors.json `checkinCalendar`. */
export const checkinRefusals = {
  /** Already checked in today: says when the next check-in opens, in Vietnam time. */
  already: (nextAt: Date) => sentence('checkin.already', { next: formatVietnamTime(nextAt) }),
  closed: 'checkin.closed',
  calendarNotFound: 'checkinCalendar.notFound',
} as const;
