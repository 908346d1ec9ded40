import {
  codes,
  envelope,
  giftCodeBatchResultSchema,
  giftCodeBatchSchema,
  giftCodeClaimResultSchema,
  giftCodeClaimSchema,
  giftCodeCreateSchema,
  giftCodeDetailSchema,
  giftCodeFindManySchema,
  giftCodeMessages,
  giftCodePageSchema,
  giftCodeSummarySchema,
  giftCodeUpdateSchema,
} from '@carabala/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config';
import { ok } from '../../lib/reply';
import { AppError } from '../../plugins/errors';
import { createGiftCodeService, giftCodeLimits } from './service';

const idParams = z.object({ id: z.uuid('Mã không hợp lệ.') });
const batchParams = z.object({ batchId: z.uuid('Mã không hợp lệ.') });

export async function giftCodeRoutes(app: FastifyInstance, { config }: { config: Config }) {
  const service = createGiftCodeService(app, giftCodeLimits(config));
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    '/gift-codes/claim',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['gift-codes'],
        summary: 'Redeem a gift code; the reward goes to the in-game mailbox',
        body: giftCodeClaimSchema,
        response: { 200: envelope(giftCodeClaimResultSchema) },
      },
    },
    async (request) => ok(await service.claim(request.user!, request.body.code, request.ip), giftCodeMessages.success),
  );

  routes.post(
    '/internal/gift-codes/find-many',
    {
      onRequest: app.requireStaff,
      schema: {
        tags: ['internal'],
        summary: 'Search, filter and page gift codes, with their usage',
        body: giftCodeFindManySchema,
        response: { 200: envelope(giftCodePageSchema) },
      },
    },
    async (request) => ok(await service.findMany(request.body)),
  );

  routes.post(
    '/internal/gift-codes/create-one',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['internal'],
        summary: 'Create one gift code',
        body: giftCodeCreateSchema,
        response: { 200: envelope(giftCodeSummarySchema) },
      },
    },
    async (request) => ok(await service.create(request.user!.id, request.body)),
  );

  routes.post(
    '/internal/gift-codes/batches',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['internal'],
        summary: 'Generate N unique random codes with a prefix and shared rules',
        body: giftCodeBatchSchema,
        response: { 200: envelope(giftCodeBatchResultSchema) },
      },
    },
    async (request) => ok(await service.generateBatch(request.user!.id, request.body)),
  );

  routes.get(
    '/internal/gift-codes/batches/:batchId/export.csv',
    {
      onRequest: app.requireAdmin,
      schema: { tags: ['internal'], summary: 'The codes of a batch as CSV', params: batchParams },
    },
    async (request, reply) => {
      const { filename, csv } = await service.exportBatch(request.user!.id, request.params.batchId);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );

  routes.get(
    '/internal/gift-codes/:id',
    {
      onRequest: app.requireStaff,
      schema: {
        tags: ['internal'],
        summary: 'One gift code with its claims',
        params: idParams,
        response: { 200: envelope(giftCodeDetailSchema) },
      },
    },
    async (request) => ok(await service.get(request.params.id)),
  );

  routes.put(
    '/internal/gift-codes/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['internal'],
        summary: 'Replace a gift code (the body carries the same id)',
        params: idParams,
        body: giftCodeUpdateSchema,
        response: { 200: envelope(giftCodeSummarySchema) },
      },
    },
    async (request) => {
      if (request.body.id !== request.params.id) {
        const message = 'Mã trong đường dẫn và trong nội dung không khớp.';
        throw new AppError(400, codes.validation, message, { id: [message] });
      }
      return ok(await service.update(request.user!.id, request.body));
    },
  );
}
