import {
  codes,
  attachBankEventBodySchema,
  attachCandidateSchema,
  attachPreviewQuerySchema,
  attachSuggestionsSchema,
  bankFeedStatusSchema,
  dailyReportQuerySchema,
  dailyReportSchema,
  refundBodySchema,
  refundSchema,
  bankEventPageSchema,
  bankEventQuerySchema,
  bankEventSchema,
  createManualTransactionBodySchema,
  internalTransactionDetailSchema,
  internalTransactionPageSchema,
  internalTransactionQuerySchema,
  internalTransactionSchema,
  markTransactionBodySchema,
  resetGoldPackagesBodySchema,
  resetGoldPackagesResultSchema,
  resolveBankEventBodySchema,
  sepayWebhookResponseSchema,
  transactionExportQuerySchema,
  userLookupQuerySchema,
  userLookupSchema,
} from '@carabala/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParams, jsonRoutes, type Route, type RouteServices } from '../../lib/routes';
import { AppError } from '../../plugins/errors';
import { paymentsMessages } from './messages';

export const paymentsRoutes = jsonRoutes(['internal'], (route, services, { app }) => {
  transactionRoutes(route, services, app);
  bankEventRoutes(route, services, app);
});

/** The bank feed's webhook and the staff's order back office (find, export, grant, limits, mark paid). */
function transactionRoutes(route: Route, { payments: service, orders, alerts }: RouteServices, app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  // SePay's protocol, not our envelope: 2xx {success:true} only once the event is committed
  // (a duplicate too); a storage failure is a 5xx so that SePay retries.
  routes.post(
    '/webhooks/sepay',
    {
      config: { rateLimit: false },
      schema: {
        tags: ['payments'],
        summary: 'Bank feed (SePay) webhook: Authorization: Apikey <key>',
        response: { 200: sepayWebhookResponseSchema, 401: sepayWebhookResponseSchema },
      },
    },
    async (request, reply) => {
      if (!service.authorizeWebhook(request.headers.authorization)) {
        // Counted across processes: many refusals in a few minutes is an alert (a wrong key, or probing).
        alerts.webhookRefused();
        return reply.status(401).send({ success: false });
      }
      await service.recordSepayEvent(request.body);
      return { success: true };
    },
  );

  route('POST /internal/transactions/find-many', 'orders.read', {
    stepUp: { exempt: 'A read: POST only to carry its filter' },
    summary: 'Orders, filtered by status, code, User ID and dates',
    body: internalTransactionQuerySchema,
    data: internalTransactionPageSchema,
    handle: (request) => orders.findTransactions(request.body),
  });

  // CSV, not the JSON envelope: the browser saves the body as a file.
  routes.get(
    '/internal/transactions/export.csv',
    {
      onRequest: app.requirePermission('orders.read'),
      schema: {
        tags: ['internal'],
        summary: 'The filtered orders as CSV (same filters as find-many, newest first by default)',
        querystring: transactionExportQuerySchema,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const csv = await orders.exportTransactions(request.query);
      const stamp = new Date().toISOString().slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="giao-dich-${stamp}.csv"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );

  route('POST /internal/transactions/create-manual', 'orders.grant', {
    stepUp: true,
    summary: 'Grant a pack to a User ID without payment, with a reason: always a request a second admin approves (202)',
    body: createManualTransactionBodySchema,
    approval: true,
    handle: (request) => service.createManual(request.body, request.user!.id),
  });

  route('GET /internal/transactions/receiver', 'orders.grant', {
    summary: "The grant form's receiver: who a User ID names, with their servers and characters to choose from",
    querystring: userLookupQuerySchema,
    data: userLookupSchema,
    handle: (request) => service.grantReceiver(request.query.shortId),
  });

  route('POST /internal/transactions/reset-gold-packages', 'orders.limits', {
    stepUp: true,
    summary: "Let players buy this month's gold packs again",
    body: resetGoldPackagesBodySchema,
    data: resetGoldPackagesResultSchema,
    handle: (request) => orders.resetGoldPackages(request.body.shortId, request.user!.id),
  });

  route('GET /internal/transactions/:id', 'orders.read', {
    summary: 'An order with its bank events and its delivery',
    params: idParams,
    data: internalTransactionDetailSchema,
    handle: (request) => service.getTransaction(request.params.id),
  });

  route('POST /internal/transactions/:id/mark', 'orders.mark', {
    stepUp: true,
    summary: 'Mark an order paid by hand, with a note; its pack is delivered',
    description:
      "Waits for a second admin (202 `api.approval.pending`) when its price takes the member's own mark-paid, " +
      'attach and refund amounts of the last 24 hours to APPROVAL_THRESHOLD_VND.',
    params: idParams,
    body: markTransactionBodySchema,
    data: internalTransactionSchema,
    approval: true,
    handle: (request) => service.markPaid(request.params.id, request.body.note, request.user!.id),
  });
}

/** Bank events to review, the bank-feed pull and the daily reconciliation. */
function bankEventRoutes(route: Route, { payments: service, bankFeed }: RouteServices, app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  route('POST /internal/bank-events/find-many', 'payments.read', {
    stepUp: { exempt: 'A read: POST only to carry its filter' },
    summary: 'Bank events; by default the money waiting for review (unmatched, late, extra)',
    body: bankEventQuerySchema,
    data: bankEventPageSchema,
    handle: (request) => service.findBankEvents(request.body.filter === 'review', request.body),
  });

  route('POST /internal/bank-events/:id/resolve', 'payments.write', {
    stepUp: true,
    summary: 'Close a bank event after handling it, with a note',
    params: idParams,
    body: resolveBankEventBodySchema,
    data: bankEventSchema,
    handle: (request) => service.resolveBankEvent(request.params.id, request.body.note, request.user!.id),
  });

  route('GET /internal/bank-events/:id/attach-candidates', 'payments.write', {
    summary:
      'Orders an unmatched payment was likely meant for: codes one or two characters off its content, same amount within the hour',
    params: idParams,
    data: attachSuggestionsSchema,
    handle: (request) => service.attachSuggestions(request.params.id),
  });

  route('GET /internal/bank-events/:id/attach-preview', 'payments.write', {
    summary: 'The order an attach with this code (or transaction id) would credit: receiver, pack, amount due, state',
    description:
      'An unknown code is a 404 with the message under `code`; `refusal` says why an attach would be refused.',
    params: idParams,
    querystring: attachPreviewQuerySchema,
    data: attachCandidateSchema,
    handle: (request) => service.attachPreview(request.params.id, request.query.code),
  });

  route('POST /internal/bank-events/:id/attach', 'payments.write', {
    stepUp: true,
    summary: 'Credit an unmatched bank payment to an order (code or transaction id), with a note',
    description:
      "Waits for a second admin (202 `api.approval.pending`) when it takes the member's own mark-paid, attach " +
      'and refund amounts of the last 24 hours to APPROVAL_THRESHOLD_VND.',
    params: idParams,
    body: attachBankEventBodySchema,
    data: bankEventSchema,
    approval: true,
    handle: (request) =>
      service.attachBankEvent(request.params.id, request.body.code, request.body.note, request.user!.id),
  });

  route('POST /internal/bank-events/:id/refund', 'payments.refund', {
    stepUp: true,
    summary: "Record money sent back from a bank event's held or surplus money (amount, bank reference, reason)",
    params: idParams,
    description:
      "Waits for a second admin (202 `api.approval.pending`) when it takes the member's own mark-paid, attach " +
      'and refund amounts of the last 24 hours to APPROVAL_THRESHOLD_VND.',
    body: refundBodySchema,
    data: refundSchema,
    approval: true,
    handle: (request) => service.refundBankEvent(request.params.id, request.body, request.user!.id),
  });

  route('GET /internal/bank-feed', 'payments.read', {
    summary: 'The bank-feed pull: whether it is on, when it last ran and what it found',
    data: bankFeedStatusSchema,
    handle: () => service.bankFeedStatus(bankFeed),
  });

  route('POST /internal/bank-feed/run', 'payments.write', {
    stepUp: {
      exempt: 'Runs the scheduled pull now: it credits only what the bank reports, by the same rules',
    },
    summary: 'Pull the bank feed now',
    data: bankFeedStatusSchema,
    handle: async (request) => {
      if (!bankFeed.enabled) throw new AppError(409, codes.error, paymentsMessages.feedNotConfigured);
      await bankFeed.runOnce();
      await service.recordFeedRun(request.user!.id);
      return service.bankFeedStatus(bankFeed);
    },
  });

  route('GET /internal/reports/daily', 'reports.read', {
    summary: 'Money in on a Vietnam-time day = credited + held + refunded, with the events behind it',
    querystring: dailyReportQuerySchema,
    data: dailyReportSchema,
    handle: (request) => service.dailyReport(request.query.date),
  });

  routes.get(
    '/internal/reports/daily.csv',
    {
      onRequest: app.requirePermission('reports.read'),
      schema: {
        tags: ['internal'],
        summary: 'The daily reconciliation report as CSV',
        querystring: dailyReportQuerySchema,
        produces: ['text/csv'],
      },
    },
    async (request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="doi-soat-${request.query.date}.csv"`)
        .header('cache-control', 'no-store')
        .send(await service.dailyReportCsv(request.query.date)),
  );
}
