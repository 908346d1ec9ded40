import {
  bankTransactionSchema,
  codes,
  orderHistoryQuerySchema,
  orderCodeParamsSchema,
  orderLookupBodySchema,
  orderLookupResultSchema,
  orderStreamEventSchema,
  packLimitsSchema,
  packQuotesSchema,
  orderHistorySchema,
  orderReceiptSchema,
  purchaseBodySchema,
  purchaseResultSchema,
  quoteQuerySchema,
  sepayWebhookResponseSchema,
  simulateTransferBodySchema,
  userLookupQuerySchema,
  userLookupSchema,
} from '@carabala/contracts';
import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParams, jsonRoutes, type RouteServices } from '../../lib/routes';
import { AppError, refusalBody } from '../../plugins/errors';
import { storeModuleMessages } from './messages';

/** Server-sent events, not the JSON envelope: the stream stays open and says when to read the order again. */
function orderEventsRoute(app: FastifyInstance, service: RouteServices['store']) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/transactions/bank/:id/events',
    {
      schema: {
        tags: ['store'],
        summary:
          "An order's live status: a server-sent event whenever money is recorded on it or its pack is delivered",
        description:
          'text/event-stream. Each `data:` line is one JSON event: `ready` when the stream opens, `changed` when ' +
          'money was recorded on the order or its mail was delivered (read GET /transactions/bank/{id} again). A `: ping` comment comes ' +
          'every 20 s. 503 when this API process holds its maximum of streams, in all, for this client address ' +
          'or for this order: poll instead.',
        params: idParams,
        produces: ['text/event-stream'],
        response: { 200: orderStreamEventSchema },
      },
    },
    async (request, reply) => {
      // An unknown order is a plain 404 envelope; only a real order gets a stream.
      await service.getTransaction(request.params.id);
      const id = request.params.id.toLowerCase();
      // An IPv6 client counts by its /64, as the rate limits count it.
      const address = normalizeIP(request.ip);
      if (!app.orderStreams.admits(id, address)) throw new AppError(503, codes.unavailable);
      reply.hijack();
      if (!app.orderStreams.open(id, address, reply.raw)) {
        reply.raw.writeHead(503, { 'content-type': 'application/json; charset=utf-8' });
        reply.raw.end(JSON.stringify(refusalBody(codes.unavailable)));
      }
    },
  );
}

export const storeRoutes = jsonRoutes(['store'], (route, { store: service }, { app, config }) => {
  route('GET /users/lookup', 'optional', {
    summary: 'The receiver a User ID names (display name and avatar), before the order is made',
    description:
      'Refused with `api.user.not_found` like the order call (staff User IDs too). Throttled per address and per ' +
      'signed-in player (USER_LOOKUPS_PER_IP, USER_LOOKUPS_PER_PLAYER per USER_LOOKUP_WINDOW_SECONDS; ' +
      '`api.rate_limited`), one budget with orders for new User IDs.',
    querystring: userLookupQuerySchema,
    data: userLookupSchema,
    handle: (request) => service.lookupReceiver(request.query.shortId, request.ip, request.user),
  });

  route('GET /store/packs/limits', 'user', {
    summary: 'What is left of each limited pack for the signed-in player as receiver, now',
    description:
      'For every product on sale with a purchase limit: the period (`daily`, `weekly`, `monthly`, `window`, ' +
      '`ever`), how many purchases it allows and how many paid orders already count. Read after the page loads ' +
      '(the store page itself is cached for everyone).',
    data: packLimitsSchema,
    handle: (request) => service.packLimits(request.user!.id),
  });

  route('GET /store/quote', 'optional', {
    summary: "Each product of a pack as one receiver would buy it now: the quote (the purchase dialog's one call)",
    description:
      'The one rule of an offer (decision record 058): price and running sale, the limit left and the stock ' +
      'left, the bonuses of the running promotions and the tier perk, the spend milestones the order would ' +
      'pass, the points, and `refusal` (`sold_out`, `limit_reached`, `tier_only`) when it cannot be bought. ' +
      'Without `receiver`, the offer to anyone. With another User ID than the signed-in player’s own, it ' +
      'counts like a receiver look-up (USER_LOOKUPS_PER_IP, USER_LOOKUPS_PER_PLAYER; `api.rate_limited`); an ' +
      'unknown one answers `api.user.not_found`. A pack that does not show now answers no quotes. The order ' +
      'call stores the quote it was placed at; the bonuses are decided again when the order is paid.',
    querystring: quoteQuerySchema,
    data: packQuotesSchema,
    handle: (request) => service.quote(request.query, request.ip, request.user),
  });

  route('POST /transactions/bank', 'optional', {
    summary: 'Order a pack for a User ID, paid by bank transfer (guest or signed in)',
    description:
      'The order names its receiver to whoever reads it, so an order for a User ID new to the address or the ' +
      'signed-in player spends the look-up budget (`api.rate_limited`). Without signing in: GUEST_ORDERS_PER_IP ' +
      'orders per address within the payment window (`api.transaction.guest_orders.address`, 429) and ' +
      'GUEST_OPEN_ORDERS_PER_RECEIVER unpaid ones per receiver (`api.transaction.guest_orders.receiver`, 429). ' +
      'A pack with a stock: one unpaid order per receiver; the signed-in buyer who made it gets it back ' +
      "(`reopened`), anyone else `api.transaction.open_order_exists` (409). A guest's order of such a pack can " +
      'be paid for GUEST_STOCK_HOLD_MINUTES only. Staff User IDs answer `api.user.not_found`.',
    body: purchaseBodySchema,
    data: purchaseResultSchema,
    handle: (request) => service.createPurchase(request.body, request.user, request.ip),
  });

  route('GET /transactions/me', 'user', {
    summary: "The signed-in player's orders, bought or received",
    querystring: orderHistoryQuerySchema,
    data: orderHistorySchema,
    handle: (request) => service.history(request.user!.id, request.query),
  });

  route('GET /transactions/receipt/:code', 'user', {
    summary: "An order's receipt by its code, for its buyer and its receiver",
    description:
      'Amount, times, bank references, receiver and buyer, contents, delivery and refunds. Anyone else, ' +
      'and a receiver before the order is paid, gets `api.error` (404), as for a code that does not exist.',
    params: orderCodeParamsSchema,
    data: orderReceiptSchema,
    handle: (request) => service.receipt(request.params.code, request.user!.id),
  });

  route('POST /transactions/lookup', 'optional', {
    summary: 'Find an order again by its code and its receiver’s User ID (a guest who closed the panel)',
    description:
      "Answers the order's link only (id, product, tab): what the transfer panel reads. A wrong User ID " +
      'answers `api.error` (404), as an unknown code does. ORDER_LOOKUPS_PER_IP per address per ' +
      'USER_LOOKUP_WINDOW_SECONDS, found or not (`api.transaction.lookup.rate_limited`, 429).',
    body: orderLookupBodySchema,
    data: orderLookupResultSchema,
    handle: (request) => service.lookupOrder(request.body.code, request.body.shortId, request.ip),
  });

  route('GET /transactions/bank/:id', 'public', {
    summary: 'An order and what to transfer (the id is unguessable)',
    params: idParams,
    data: bankTransactionSchema,
    handle: (request) => service.getTransaction(request.params.id),
  });

  orderEventsRoute(app, service);

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
