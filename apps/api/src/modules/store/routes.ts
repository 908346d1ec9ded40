import {
  bankTransactionSchema,
  orderHistoryQuerySchema,
  orderHistorySchema,
  purchaseBodySchema,
  purchaseResultSchema,
  sepayWebhookResponseSchema,
  simulateTransferBodySchema,
} from '@carabala/contracts';
import { idParams, jsonRoutes } from '../../lib/routes';
import { AppError } from '../../plugins/errors';
import { storeModuleMessages } from './messages';

export const storeRoutes = jsonRoutes(['store'], (route, { store: service }, { app, config }) => {
  route('POST /transactions/bank', 'optional', {
    summary: 'Order a pack for a User ID, paid by bank transfer (guest or signed in)',
    body: purchaseBodySchema,
    data: purchaseResultSchema,
    handle: (request) => service.createPurchase(request.body, request.user),
  });

  route('GET /transactions/me', 'user', {
    summary: "The signed-in player's orders, bought or received",
    querystring: orderHistoryQuerySchema,
    data: orderHistorySchema,
    handle: (request) => service.history(request.user!.id, request.query),
  });

  route('GET /transactions/bank/:id', 'public', {
    summary: 'An order and what to transfer (the id is unguessable)',
    params: idParams,
    data: bankTransactionSchema,
    handle: (request) => service.getTransaction(request.params.id),
  });

  // Demo mode only: without it the route does not exist (404).
  if (config.DEMO_MODE) {
    route('POST /transactions/bank/:id/simulate-transfer', 'public', {
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
});
