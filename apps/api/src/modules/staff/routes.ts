import {
  auditPageSchema,
  auditQuerySchema,
  overviewSchema,
  playerPageSchema,
  playerQuerySchema,
  playerSummarySchema,
  roleChangeSchema,
} from '@carabala/contracts';
import type { FastifyInstance } from 'fastify';
import { idParams, jsonRoutes } from '../../lib/routes';

/** Staff calls for the audit log and players (/api/internal/audit/*, /api/internal/users/*). */
export async function staffRoutes(app: FastifyInstance) {
  const service = app.services.staff;
  const route = jsonRoutes(app, ['internal']);

  route({
    method: 'GET',
    url: '/internal/overview',
    access: 'staff',
    summary: "Today's and this month's paid revenue, and what waits for staff",
    data: overviewSchema,
    handle: () => service.overview(),
  });

  route({
    method: 'POST',
    url: '/internal/audit/find-many',
    access: 'staff',
    summary: 'The audit log: every staff action, newest first, filterable',
    body: auditQuerySchema,
    data: auditPageSchema,
    handle: (request) => service.auditLog(request.body),
  });

  route({
    method: 'POST',
    url: '/internal/users/find-many',
    access: 'staff',
    summary: 'Find players by User ID, username or name',
    body: playerQuerySchema,
    data: playerPageSchema,
    handle: (request) => service.players(request.body),
  });

  route({
    method: 'GET',
    url: '/internal/users/:id',
    access: 'staff',
    summary: 'One player',
    params: idParams,
    data: playerSummarySchema,
    handle: (request) => service.player(request.params.id),
  });

  route({
    method: 'PUT',
    url: '/internal/users/:id/role',
    access: 'admin',
    stepUp: true,
    summary: "Change a player's role (admin, audited)",
    params: idParams,
    body: roleChangeSchema,
    data: playerSummarySchema,
    handle: (request) => service.changeRole(request.user!.id, request.params.id, request.body.role),
  });
}
