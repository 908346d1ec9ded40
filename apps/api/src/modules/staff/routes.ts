import {
  auditPageSchema,
  auditQuerySchema,
  envelope,
  overviewSchema,
  playerPageSchema,
  playerQuerySchema,
  playerSummarySchema,
  roleChangeSchema,
} from '@carabala/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/reply';
import { createStaffService } from './service';

const idParams = z.object({ id: z.string().max(64) });

/** Staff calls for the audit log and players (/api/internal/audit/*, /api/internal/users/*). */
export async function staffRoutes(app: FastifyInstance) {
  const service = createStaffService(app);
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/internal/overview',
    {
      onRequest: app.requireStaff,
      schema: {
        tags: ['internal'],
        summary: "Today's and this month's paid revenue, and what waits for staff",
        response: { 200: envelope(overviewSchema) },
      },
    },
    async () => ok(await service.overview()),
  );

  routes.post(
    '/internal/audit/find-many',
    {
      onRequest: app.requireStaff,
      schema: {
        tags: ['internal'],
        summary: 'The audit log: every staff action, newest first, filterable',
        body: auditQuerySchema,
        response: { 200: envelope(auditPageSchema) },
      },
    },
    async (request) => ok(await service.auditLog(request.body)),
  );

  routes.post(
    '/internal/users/find-many',
    {
      onRequest: app.requireStaff,
      schema: {
        tags: ['internal'],
        summary: 'Find players by User ID, username or name',
        body: playerQuerySchema,
        response: { 200: envelope(playerPageSchema) },
      },
    },
    async (request) => ok(await service.players(request.body)),
  );

  routes.get(
    '/internal/users/:id',
    {
      onRequest: app.requireStaff,
      schema: {
        tags: ['internal'],
        summary: 'One player',
        params: idParams,
        response: { 200: envelope(playerSummarySchema) },
      },
    },
    async (request) => ok(await service.player(request.params.id)),
  );

  routes.put(
    '/internal/users/:id/role',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['internal'],
        summary: "Change a player's role (admin, audited)",
        params: idParams,
        body: roleChangeSchema,
        response: { 200: envelope(playerSummarySchema) },
      },
    },
    async (request) => ok(await service.changeRole(request.user!.id, request.params.id, request.body.role)),
  );
}
