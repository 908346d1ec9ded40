import { internalMailPageSchema, internalMailQuerySchema, internalMailSchema } from '@carabala/contracts';
import { idParams, jsonRoutes } from '../../lib/routes';

export const mailboxRoutes = jsonRoutes(['internal'], (route, { mailbox: service }) => {
  route('POST /internal/mails/find-many', 'deliveries.read', {
    stepUp: { exempt: 'A read: POST only to carry its filter' },
    summary: 'In-game mails by delivery state (dead by default: the ones the game never took)',
    body: internalMailQuerySchema,
    data: internalMailPageSchema,
    handle: (request) => service.find(request.body.status, request.body),
  });

  route('POST /internal/mails/:id/retry', 'deliveries.retry', {
    stepUp: {
      exempt: 'Sends again a mail already owed (paid or approved), under its idempotency key: nothing new is given',
    },
    summary: 'Send a dead mail again',
    params: idParams,
    data: internalMailSchema,
    handle: (request) => service.retry(request.params.id, request.user!.id),
  });
});
