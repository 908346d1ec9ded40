import {
  bankTransactionSchema,
  orderHistoryQuerySchema,
  orderHistorySchema,
  purchaseBodySchema,
  purchaseResultSchema,
  sepayWebhookResponseSchema,
  simulateTransferBodySchema,
} from '@carabala/contracts';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import { idParams, jsonRoutes } from '../../lib/routes';
import { AppError } from '../../plugins/errors';
import { storeModuleMessages } from './messages';

export async function storeRoutes(app: FastifyInstance, { config }: { config: Config }) {
  const service = app.services.store;
  const route = jsonRoutes(app, ['store']);

  route({
    method: 'POST',
    url: '/transactions/bank',
    access: 'optional',
    summary: 'Order a pack for a User ID, paid by bank transfer (guest or signed in)',
    body: purchaseBodySchema,
    data: purchaseResultSchema,
    handle: (request) => service.createPurchase(request.body, request.user),
  });

  route({
    method: 'GET',
    url: '/transactions/me',
    access: 'user',
    summary: "The signed-in player's orders, bought or received",
    querystring: orderHistoryQuerySchema,
    data: orderHistorySchema,
    handle: (request) => service.history(request.user!.id, request.query),
  });

  route({
    method: 'GET',
    url: '/transactions/bank/:id',
    access: 'public',
    summary: 'An order and what to transfer (the id is unguessable)',
    params: idParams,
    data: bankTransactionSchema,
    handle: (request) => service.getTransaction(request.params.id),
  });

  // Demo mode only: without it the route does not exist (404).
  if (config.DEMO_MODE) {
    route({
      method: 'POST',
      url: '/transactions/bank/:id/simulate-transfer',
      access: 'public',
      summary: 'Demo only: send the bank feed webhook of a transfer to this order',
      params: idParams,
      body: simulateTransferBodySchema,
      data: sepayWebhookResponseSchema,
      handle: async (request) => {
        const address = app.server.address();
        if (!address || typeof address === 'string') {
          throw new AppError(503, 'api.internal', storeModuleMessages.notReady);
        }
        const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
        const base = `http://${host === '0.0.0.0' || host === '[::]' ? '127.0.0.1' : host}:${address.port}`;
        return service.simulateTransfer(request.params.id, request.body.amount, base);
      },
    });
  }
}
