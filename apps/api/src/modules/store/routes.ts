import {
  bankTransactionSchema,
  envelope,
  orderHistoryQuerySchema,
  orderHistorySchema,
  purchaseBodySchema,
  purchaseResultSchema,
  sepayWebhookResponseSchema,
  simulateTransferBodySchema,
} from '@carabala/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config';
import { ok } from '../../lib/reply';
import { AppError } from '../../plugins/errors';
import { createStoreService } from './service';

const idParams = z.object({ id: z.string().max(64) });

export async function storeRoutes(app: FastifyInstance, { config }: { config: Config }) {
  const service = createStoreService(app.db, config);
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    '/transactions/bank',
    {
      onRequest: app.optionalUser,
      schema: {
        tags: ['store'],
        summary: 'Order a pack for a User ID, paid by bank transfer (guest or signed in)',
        body: purchaseBodySchema,
        response: { 200: envelope(purchaseResultSchema) },
      },
    },
    async (request) => ok(await service.createPurchase(request.body, request.user)),
  );

  routes.get(
    '/transactions/me',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['store'],
        summary: "The signed-in player's orders, bought or received",
        querystring: orderHistoryQuerySchema,
        response: { 200: envelope(orderHistorySchema) },
      },
    },
    async (request) => ok(await service.history(request.user!.id, request.query.page, request.query.pageSize)),
  );

  routes.get(
    '/transactions/bank/:id',
    {
      schema: {
        tags: ['store'],
        summary: 'An order and what to transfer (the id is unguessable)',
        params: idParams,
        response: { 200: envelope(bankTransactionSchema) },
      },
    },
    async (request) => ok(await service.getTransaction(request.params.id)),
  );

  // Demo mode only: without it the route does not exist (404).
  if (config.DEMO_MODE) {
    routes.post(
      '/transactions/bank/:id/simulate-transfer',
      {
        schema: {
          tags: ['store'],
          summary: 'Demo only: send the bank feed webhook of a transfer to this order',
          params: idParams,
          body: simulateTransferBodySchema,
          response: { 200: envelope(sepayWebhookResponseSchema) },
        },
      },
      async (request) => {
        const address = app.server.address();
        if (!address || typeof address === 'string') {
          throw new AppError(503, 'api.internal', 'Máy chủ chưa sẵn sàng.');
        }
        const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
        const base = `http://${host === '0.0.0.0' || host === '[::]' ? '127.0.0.1' : host}:${address.port}`;
        return ok(await service.simulateTransfer(request.params.id, request.body.amount, base));
      },
    );
  }
}
