import {
  codes,
  attachBankEventBodySchema,
  bankFeedStatusSchema,
  dailyReportQuerySchema,
  dailyReportSchema,
  refundBodySchema,
  refundSchema,
  bankEventPageSchema,
  bankEventQuerySchema,
  bankEventSchema,
  createManualTransactionBodySchema,
  envelope,
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
} from '@carabala/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config';
import { ok } from '../../lib/reply';
import { AppError } from '../../plugins/errors';
import { createPaymentsService } from './service';

const idParams = z.object({ id: z.string().max(64) });

export async function paymentsRoutes(app: FastifyInstance, { config }: { config: Config }) {
  const service = createPaymentsService(app.db, config, () => app.mailbox.nudge());
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
        return reply.status(401).send({ success: false });
      }
      await service.recordSepayEvent(request.body);
      return { success: true };
    },
  );

  routes.post(
    '/internal/transactions/find-many',
    {
      onRequest: app.requireStaff,
      schema: {
        tags: ['internal'],
        summary: 'Orders, filtered by status, code, User ID and dates',
        body: internalTransactionQuerySchema,
        response: { 200: envelope(internalTransactionPageSchema) },
      },
    },
    async (request) => ok(await service.findTransactions(request.body)),
  );

  // CSV, not the JSON envelope: the browser saves the body as a file.
  routes.get(
    '/internal/transactions/export.csv',
    {
      onRequest: app.requireStaff,
      schema: {
        tags: ['internal'],
        summary: 'The filtered orders as CSV (same filters as find-many, newest first by default)',
        querystring: transactionExportQuerySchema,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const csv = await service.exportTransactions(request.query);
      const stamp = new Date().toISOString().slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="giao-dich-${stamp}.csv"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );

  routes.post(
    '/internal/transactions/create-manual',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['internal'],
        summary: 'Grant a pack to a User ID without payment, with a reason',
        body: createManualTransactionBodySchema,
        response: { 200: envelope(internalTransactionSchema) },
      },
    },
    async (request) => ok(await service.createManual(request.body, request.user!.id)),
  );

  routes.post(
    '/internal/transactions/reset-gold-packages',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['internal'],
        summary: "Let players buy this month's gold packs again",
        body: resetGoldPackagesBodySchema,
        response: { 200: envelope(resetGoldPackagesResultSchema) },
      },
    },
    async (request) => ok(await service.resetGoldPackages(request.body.shortId, request.user!.id)),
  );

  routes.get(
    '/internal/transactions/:id',
    {
      onRequest: app.requireStaff,
      schema: {
        tags: ['internal'],
        summary: 'An order with its bank events and its delivery',
        params: idParams,
        response: { 200: envelope(internalTransactionDetailSchema) },
      },
    },
    async (request) => ok(await service.getTransaction(request.params.id)),
  );

  routes.post(
    '/internal/transactions/:id/mark',
    {
      onRequest: app.requireStaff,
      schema: {
        tags: ['internal'],
        summary: 'Mark an order paid by hand, with a note; its pack is delivered',
        params: idParams,
        body: markTransactionBodySchema,
        response: { 200: envelope(internalTransactionSchema) },
      },
    },
    async (request) => ok(await service.markPaid(request.params.id, request.body.note, request.user!.id)),
  );

  routes.post(
    '/internal/bank-events/find-many',
    {
      onRequest: app.requireStaff,
      schema: {
        tags: ['internal'],
        summary: 'Bank events; by default the money waiting for review (unmatched, late, extra)',
        body: bankEventQuerySchema,
        response: { 200: envelope(bankEventPageSchema) },
      },
    },
    async (request) =>
      ok(await service.findBankEvents(request.body.filter === 'review', request.body.page, request.body.pageSize)),
  );

  routes.post(
    '/internal/bank-events/:id/resolve',
    {
      onRequest: app.requireStaff,
      schema: {
        tags: ['internal'],
        summary: 'Close a bank event after handling it, with a note',
        params: idParams,
        body: resolveBankEventBodySchema,
        response: { 200: envelope(bankEventSchema) },
      },
    },
    async (request) => ok(await service.resolveBankEvent(request.params.id, request.body.note, request.user!.id)),
  );

  routes.post(
    '/internal/bank-events/:id/attach',
    {
      onRequest: app.requireStaff,
      schema: {
        tags: ['internal'],
        summary: 'Credit an unmatched bank payment to an order (code or transaction id), with a note',
        params: idParams,
        body: attachBankEventBodySchema,
        response: { 200: envelope(bankEventSchema) },
      },
    },
    async (request) =>
      ok(await service.attachBankEvent(request.params.id, request.body.code, request.body.note, request.user!.id)),
  );

  routes.post(
    '/internal/bank-events/:id/refund',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['internal'],
        summary: "Record money sent back from a bank event's held or surplus money (amount, bank reference, reason)",
        params: idParams,
        body: refundBodySchema,
        response: { 200: envelope(refundSchema) },
      },
    },
    async (request) => ok(await service.refundBankEvent(request.params.id, request.body, request.user!.id)),
  );

  routes.get(
    '/internal/bank-feed',
    {
      onRequest: app.requireStaff,
      schema: {
        tags: ['internal'],
        summary: 'The bank-feed pull: whether it is on, when it last ran and what it found',
        response: { 200: envelope(bankFeedStatusSchema) },
      },
    },
    async () => ok(await service.bankFeedStatus(app.bankFeed)),
  );

  routes.post(
    '/internal/bank-feed/run',
    {
      onRequest: app.requireStaff,
      schema: {
        tags: ['internal'],
        summary: 'Pull the bank feed now ("Đối soát ngay")',
        response: { 200: envelope(bankFeedStatusSchema) },
      },
    },
    async (request) => {
      if (!app.bankFeed.enabled) {
        throw new AppError(409, codes.error, 'Chưa cấu hình SEPAY_API_TOKEN: không thể đối soát.');
      }
      await app.bankFeed.runOnce();
      await service.recordFeedRun(request.user!.id);
      return ok(await service.bankFeedStatus(app.bankFeed));
    },
  );

  routes.get(
    '/internal/reports/daily',
    {
      onRequest: app.requireStaff,
      schema: {
        tags: ['internal'],
        summary: 'Money in on a Vietnam-time day = credited + held + refunded, with the events behind it',
        querystring: dailyReportQuerySchema,
        response: { 200: envelope(dailyReportSchema) },
      },
    },
    async (request) => ok(await service.dailyReport(request.query.date)),
  );

  routes.get(
    '/internal/reports/daily.csv',
    {
      onRequest: app.requireStaff,
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
