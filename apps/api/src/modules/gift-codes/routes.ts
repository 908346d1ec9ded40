import {
  codes,
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
  uuidSchema,
} from '@carabala/contracts';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { jsonRoutes } from '../../lib/routes';
import { AppError } from '../../plugins/errors';
import { giftCodesAdminMessages } from './messages';

const idParams = z.object({ id: uuidSchema() });
const batchParams = z.object({ batchId: uuidSchema() });

export const giftCodeRoutes = jsonRoutes(['internal'], (route, { giftCodes: service }, { app }) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  route('POST /gift-codes/claim', 'user', {
    tags: ['gift-codes'],
    summary: 'Redeem a gift code; the reward goes to the in-game mailbox',
    body: giftCodeClaimSchema,
    data: giftCodeClaimResultSchema,
    message: giftCodeMessages.success,
    handle: (request) => service.claim(request.user!, request.body, request.ip),
  });

  route('POST /internal/gift-codes/find-many', 'gift-codes.read', {
    stepUp: { exempt: 'A read: POST only to carry its filter' },
    summary: 'Search, filter and page gift codes, with their usage',
    body: giftCodeFindManySchema,
    data: giftCodePageSchema,
    handle: (request) => service.findMany(request.body),
  });

  route('POST /internal/gift-codes/create-one', 'gift-codes.write', {
    stepUp: true,
    summary: 'Create one gift code',
    body: giftCodeCreateSchema,
    data: giftCodeSummarySchema,
    handle: (request) => service.create(request.user!.id, request.body),
  });

  route('POST /internal/gift-codes/batches', 'gift-codes.write', {
    stepUp: true,
    summary: 'Generate N unique random codes with a prefix and shared rules',
    body: giftCodeBatchSchema,
    data: giftCodeBatchResultSchema,
    handle: (request) => service.generateBatch(request.user!.id, request.body),
  });

  routes.get(
    '/internal/gift-codes/batches/:batchId/export.csv',
    {
      onRequest: app.requirePermission('gift-codes.write'),
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

  route('GET /internal/gift-codes/:id', 'gift-codes.read', {
    summary: 'One gift code with its claims',
    params: idParams,
    data: giftCodeDetailSchema,
    handle: (request) => service.get(request.params.id),
  });

  route('PUT /internal/gift-codes/:id', 'gift-codes.write', {
    stepUp: true,
    summary: 'Replace a gift code (the body carries the same id)',
    params: idParams,
    body: giftCodeUpdateSchema,
    data: giftCodeSummarySchema,
    handle: async (request) => {
      if (request.body.id !== request.params.id) {
        const message = giftCodesAdminMessages.idMismatch;
        throw new AppError(400, codes.validation, message, { id: [message] });
      }
      return service.update(request.user!.id, request.body);
    },
  });
});
