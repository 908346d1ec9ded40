import {
  createTicketBodySchema,
  envelope,
  myTicketsQuerySchema,
  okEnvelopeSchema,
  staffTicketPageSchema,
  staffTicketSchema,
  staffTicketsQuerySchema,
  staffUpdateTicketBodySchema,
  ticketPageSchema,
  ticketSchema,
} from '@carabala/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config';
import { ok } from '../../lib/reply';
import { createImageUrlSigner } from '../uploads/signed-urls';
import { createTicketService } from './service';

const idParams = z.object({ id: z.string().max(64) });

export async function ticketRoutes(app: FastifyInstance, { config }: { config: Config }) {
  const service = createTicketService(app, {
    perWindow: config.TICKETS_PER_WINDOW,
    windowSeconds: config.TICKET_WINDOW_SECONDS,
    imageUrls: createImageUrlSigner(config.JWT_SECRET, config.UPLOAD_URL_TTL_SECONDS),
  });
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    '/tickets',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['tickets'],
        summary: 'File a support ticket (the server sets the status)',
        body: createTicketBodySchema,
        response: { 200: envelope(ticketSchema) },
      },
    },
    async (request) => ok(await service.create(request.user!, request.body)),
  );

  routes.get(
    '/tickets/me/find-many',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['tickets'],
        summary: "The signed-in player's tickets: filter, search by title or number, paging",
        querystring: myTicketsQuerySchema,
        response: { 200: envelope(ticketPageSchema) },
      },
    },
    async (request) => ok(await service.listMine(request.user!, request.query)),
  );

  routes.get(
    '/tickets/me/:id',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['tickets'],
        summary: "One of the signed-in player's tickets (api.error otherwise)",
        params: idParams,
        response: { 200: envelope(ticketSchema) },
      },
    },
    async (request) => ok(await service.getMine(request.user!, request.params.id)),
  );

  routes.post(
    '/tickets/find-many',
    {
      onRequest: app.requireStaff,
      schema: {
        tags: ['tickets', 'staff'],
        summary: 'All tickets (staff): filter by status, type, shortId, text',
        body: staffTicketsQuerySchema,
        response: { 200: envelope(staffTicketPageSchema) },
      },
    },
    async (request) => ok(await service.listAll(request.body)),
  );

  routes.get(
    '/tickets/:id',
    {
      onRequest: app.requireStaff,
      schema: {
        tags: ['tickets', 'staff'],
        summary: 'One ticket (staff)',
        params: idParams,
        response: { 200: envelope(staffTicketSchema) },
      },
    },
    async (request) => ok(await service.getForStaff(request.params.id)),
  );

  routes.patch(
    '/tickets/:id',
    {
      onRequest: app.requireStaff,
      schema: {
        tags: ['tickets', 'staff'],
        summary: 'Reply to a ticket and/or set its status (staff, audited)',
        params: idParams,
        body: staffUpdateTicketBodySchema,
        response: { 200: envelope(staffTicketSchema) },
      },
    },
    async (request) => ok(await service.update(request.user!, request.params.id, request.body)),
  );

  routes.delete(
    '/tickets/:id',
    {
      onRequest: app.requireStaff,
      schema: {
        tags: ['tickets', 'staff'],
        summary: 'Delete a ticket (staff, audited)',
        params: idParams,
        response: { 200: okEnvelopeSchema },
      },
    },
    async (request) => {
      await service.remove(request.user!, request.params.id);
      return { code: 'api.success' };
    },
  );
}
