import {
  analyticsQuerySchema,
  checkinCalendarBodySchema,
  checkinMessages,
  checkinResultSchema,
  checkinStatusSchema,
  checkinsPerDaySchema,
  staffCheckinCalendarAnswerSchema,
  staffCheckinCalendarSchema,
} from '@carabala/contracts';
import { jsonRoutes } from '../../lib/routes';

const BODY =
  '`title`, `days: [{ items: [{ itemId, quantity }] }]` (7 or 30 days, each with at least one item the game lists). ' +
  'Refusals: `api.validation` with a Vietnamese message per field.';

export const checkinRoutes = jsonRoutes(['checkin'], async (route, services) => {
  const service = services.checkin;

  route('GET /checkin', 'optional', {
    summary: "The published check-in calendar and, signed in, the player's streak and today's state",
    description:
      'The calendar day a check-in gives is the streak of consecutive Vietnam days checked in, modulo the ' +
      "calendar's length; a missed day starts again at day 1 (decision record 061). `calendar` is null while none is published.",
    data: checkinStatusSchema,
    handle: (request) => service.status(request.user?.id ?? null),
  });

  route('POST /checkin', 'user', {
    summary: "Check in today (Vietnam day): the calendar day's items go to the in-game mailbox once",
    description:
      'One per account per Vietnam day. Refusals: `api.checkin.already` (409, with when the next opens), ' +
      '`api.checkin.closed` (409, no calendar published).',
    data: checkinResultSchema,
    message: checkinMessages.success,
    handle: (request) => service.checkIn(request.user!),
  });

  route('GET /internal/checkin/per-day', 'reports.read', {
    summary: 'Check-ins of each Vietnam day of a range (the analytics page), days with none included',
    querystring: analyticsQuerySchema,
    data: checkinsPerDaySchema,
    handle: (request) => service.perDay(request.query),
  });

  route('GET /internal/checkin/calendar', 'catalogue.write', {
    summary: 'The check-in calendar: its draft, its published state and how many check-ins it has given',
    data: staffCheckinCalendarAnswerSchema,
    handle: async () => ({ calendar: await service.calendar() }),
  });

  // The calendar gives items away: its draft's writes and its publication need a recent code.
  route('PUT /internal/checkin/calendar', 'catalogue.write', {
    stepUp: true,
    summary: "Replace the check-in calendar's draft (players see nothing until `publish`)",
    description: BODY,
    body: checkinCalendarBodySchema,
    data: staffCheckinCalendarSchema,
    handle: (request) => service.saveDraft(request.user!.id, request.body),
  });

  route('POST /internal/checkin/calendar/publish', 'catalogue.write', {
    stepUp: true,
    summary: "Publish the check-in calendar's draft: check-ins from then on give its days",
    description: 'Copies the draft to the published state, audited with its before and after.',
    data: staffCheckinCalendarSchema,
    handle: (request) => service.publish(request.user!.id),
  });
});
