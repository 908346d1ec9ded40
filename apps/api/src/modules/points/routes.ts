import {
  pointsAnalyticsQuerySchema,
  pointsAnalyticsSchema,
  pointsHistoryQuerySchema,
  pointsHistorySchema,
  pointsRedemptionSchema,
  pointsShopItemIdParamsSchema,
  pointsShopSchema,
  pointsSummarySchema,
} from '@carabala/contracts';
import { jsonRoutes } from '../../lib/routes';

const LAW =
  'Points and rewards are in-game items of this game only: they never turn back into money, phone cards or bank ' +
  'cards (Decree 147/2024, Art. 57; decision record 060).';

export const pointsRoutes = jsonRoutes(['points'], async (route, services) => {
  const service = services.points;

  route('GET /points', 'user', {
    summary: "The player's points: the balance, what expires within 30 days, the rate and expiry in force",
    description: LAW,
    data: pointsSummarySchema,
    handle: (request) => service.summary(request.user!.id),
  });

  route('GET /points/history', 'user', {
    summary: "A page of the player's points ledger, the latest first (earn, redeem, expire, adjust)",
    querystring: pointsHistoryQuerySchema,
    data: pointsHistorySchema,
    handle: (request) => service.history(request.user!.id, request.query),
  });

  route('GET /points/shop', 'optional', {
    summary: 'The rewards shop: published items, their price in points, stock left, per-player limit',
    description: `Signed in, \`mine\` counts the player's own redemptions of each item. ${LAW}`,
    data: pointsShopSchema,
    handle: (request) => service.shop(request.user?.id ?? null),
  });

  route('POST /points/shop/:id/redeem', 'user', {
    summary: 'Redeem a shop item for points: the ledger row and the in-game mail are written together, once',
    description:
      'Refusals: `api.points.not_enough` (409), `api.points.out_of_stock` (409), `api.points.limit_reached` ' +
      '(409), `api.points.item_not_found` (404). The mail goes to the account (source `points_redeem`).',
    params: pointsShopItemIdParamsSchema,
    data: pointsRedemptionSchema,
    handle: (request) => service.redeem(request.user!, request.params.id),
  });

  route('GET /internal/analytics/points', 'reports.read', {
    tags: ['analytics'],
    summary: 'Points issued, redeemed and expired per Vietnam day of a range, and the outstanding points now',
    querystring: pointsAnalyticsQuerySchema,
    data: pointsAnalyticsSchema,
    handle: (request) => service.figures(request.query),
  });
});
