import {
  createTicketBodySchema,
  myTicketsQuerySchema,
  staffTicketPageSchema,
  staffTicketSchema,
  staffTicketsQuerySchema,
  staffUpdateTicketBodySchema,
  ticketFollowUpBodySchema,
  ticketPageSchema,
  ticketSchema,
} from '@carabala/contracts';
import { idParams, jsonRoutes } from '../../lib/routes';

export const ticketRoutes = jsonRoutes(['tickets', 'staff'], (route, { tickets: service }) => {
  route('POST /tickets', 'user', {
    tags: ['tickets'],
    summary: 'File a support ticket (the server sets the status)',
    body: createTicketBodySchema,
    data: ticketSchema,
    handle: (request) => service.create(request.user!, request.body),
  });

  route('GET /tickets/me/find-many', 'user', {
    tags: ['tickets'],
    summary: "The signed-in player's tickets: filter, search by title or number, paging",
    querystring: myTicketsQuerySchema,
    data: ticketPageSchema,
    handle: (request) => service.listMine(request.user!, request.query),
  });

  route('GET /tickets/me/:id', 'user', {
    tags: ['tickets'],
    summary: "One of the signed-in player's tickets (api.error otherwise)",
    params: idParams,
    data: ticketSchema,
    handle: (request) => service.getMine(request.user!, request.params.id),
  });

  route('POST /tickets/me/:id/replies', 'user', {
    tags: ['tickets'],
    summary: "The owner's follow-up on their ticket (up to 3 images); an answered ticket waits for staff again",
    params: idParams,
    body: ticketFollowUpBodySchema,
    data: ticketSchema,
    handle: (request) => service.followUp(request.user!, request.params.id, request.body),
  });

  route('POST /tickets/find-many', 'tickets.read', {
    stepUp: { exempt: 'A read: POST only to carry its filter' },
    summary: 'All tickets (staff): filter by status, type, shortId, text',
    body: staffTicketsQuerySchema,
    data: staffTicketPageSchema,
    handle: (request) => service.listAll(request.body),
  });

  route('GET /tickets/:id', 'tickets.read', {
    summary: 'One ticket (staff)',
    params: idParams,
    data: staffTicketSchema,
    handle: (request) => service.getForStaff(request.params.id),
  });

  route('PATCH /tickets/:id', 'tickets.write', {
    stepUp: { exempt: 'Support work on a ticket: nothing a player receives or pays' },
    summary: 'Reply to a ticket and/or set its status (staff, audited)',
    params: idParams,
    body: staffUpdateTicketBodySchema,
    data: staffTicketSchema,
    handle: (request) => service.update(request.user!, request.params.id, request.body),
  });

  route('DELETE /tickets/:id', 'tickets.write', {
    stepUp: { exempt: 'Support work on a ticket: nothing a player receives or pays' },
    summary: 'Delete a ticket (staff, audited)',
    params: idParams,
    handle: (request) => service.remove(request.user!, request.params.id),
  });
});
