import {
  auditPageSchema,
  auditQuerySchema,
  overviewSchema,
  playerOverviewSchema,
  playerPageSchema,
  playerQuerySchema,
  playerSummarySchema,
  roleChangeSchema,
  sessionsEndedSchema,
  staffMembersSchema,
} from '@carabala/contracts';
import { idParams, jsonRoutes } from '../../lib/routes';

/** Staff calls for the audit log and players (/api/internal/audit/*, /api/internal/users/*). */
export const staffRoutes = jsonRoutes(['internal'], (route, { staff: service }) => {
  route('GET /internal/overview', 'overview.read', {
    summary: "Today's and this month's revenue (money credited to orders, Vietnam time), and what waits for staff",
    data: overviewSchema,
    handle: () => service.overview(),
  });

  route('POST /internal/audit/find-many', 'audit.read', {
    stepUp: { exempt: 'A read: POST only to carry its filter' },
    summary: 'The audit log: every staff action, newest first, filterable',
    body: auditQuerySchema,
    data: auditPageSchema,
    handle: (request) => service.auditLog(request.body),
  });

  route('GET /internal/audit/staff-members', 'audit.read', {
    summary: "The staff accounts (every role but player), for the audit log's filter by who acted",
    data: staffMembersSchema,
    handle: () => service.staffMembers(),
  });

  route('POST /internal/users/find-many', 'players.read', {
    stepUp: { exempt: 'A read: POST only to carry its filter' },
    summary: 'Find players by User ID, username or name',
    body: playerQuerySchema,
    data: playerPageSchema,
    handle: (request) => service.players(request.body),
  });

  route('GET /internal/users/:id', 'players.read', {
    summary: 'One player',
    params: idParams,
    data: playerSummarySchema,
    handle: (request) => service.player(request.params.id),
  });

  route('GET /internal/users/:id/overview', 'players.read', {
    summary:
      "One player's page: profile, recent orders bought and received, tickets, gift codes claimed, mails, sessions",
    params: idParams,
    data: playerOverviewSchema,
    handle: (request) => service.playerOverview(request.params.id),
  });

  route('PUT /internal/users/:id/role', 'players.roles', {
    stepUp: true,
    summary:
      "Change a player's role (audited); it ends the member's sessions. A promotion to admin waits for a second admin (202)",
    params: idParams,
    body: roleChangeSchema,
    data: playerSummarySchema,
    approval: true,
    handle: (request) =>
      service.changeRole(request.user!.id, request.params.id, request.body.role, request.body.reason),
  });

  route('POST /internal/users/:id/sessions/end', 'players.sessions', {
    stepUp: { exempt: 'Only takes access away: a lost phone is cut off without waiting for a code' },
    summary: "End every session of a user (a staff member's lost phone): refused on every API process at once",
    params: idParams,
    data: sessionsEndedSchema,
    handle: (request) => service.endSessions(request.user!.id, request.params.id),
  });
});
