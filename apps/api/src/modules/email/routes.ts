import {
  internalEmailContentSchema,
  internalEmailPageSchema,
  internalEmailQuerySchema,
  internalEmailSchema,
} from '@carabala/contracts';
import { idParams, jsonRoutes } from '../../lib/routes';

export const emailRoutes = jsonRoutes(['internal'], (route, { emails: service }) => {
  route('POST /internal/emails/find-many', 'emails.read', {
    stepUp: { exempt: 'A read: POST only to carry its filter' },
    summary: 'E-mails of the outbox, newest first, by address words, kind and state',
    body: internalEmailQuerySchema,
    data: internalEmailPageSchema,
    handle: (request) => service.find(request.body),
  });

  route('GET /internal/emails/:id/content', 'emails.read', {
    summary: "An e-mail's subject, HTML and text as sent (demo mode only; 404 otherwise)",
    params: idParams,
    data: internalEmailContentSchema,
    handle: (request) => service.content(request.params.id),
  });

  route('POST /internal/emails/:id/retry', 'emails.retry', {
    stepUp: { exempt: 'Sends again an e-mail already owed, as the same message (its Message-ID): nothing is given' },
    summary: 'Send a dead e-mail again',
    params: idParams,
    data: internalEmailSchema,
    handle: (request) => service.retry(request.params.id, request.user!.id),
  });
});
