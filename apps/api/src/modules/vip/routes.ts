import {
  myVipSchema,
  staffVipTierPageSchema,
  staffVipTierSchema,
  vipTierBodySchema,
  vipTierIdParamsSchema,
  vipTierListQuerySchema,
  vipPlayersPerTierSchema,
  vipTiersSchema,
} from '@carabala/contracts';
import { jsonRoutes } from '../../lib/routes';

const BODY =
  '`title`, `threshold` (credited dong over the window), `windowDays` (31 to 3650), `bonusPercent` (+% of each ' +
  "item of every pack), `packIds` (tier-only packs: this tier and those above see them), `giftItems` (the month's " +
  'gift). Refusals: `api.validation` with a Vietnamese message per field.';

export const vipRoutes = jsonRoutes(['vip'], async (route, services) => {
  const service = services.vip;

  route('GET /vip/tiers', 'public', {
    summary: 'The published VIP tiers, lowest threshold first: thresholds, windows and perks',
    data: vipTiersSchema,
    handle: () => service.tiers(),
  });

  route('GET /me/vip', 'user', {
    summary: "The signed-in player's VIP tier, their credited money in each window and the way to the next tier",
    description:
      'The tier follows from credited money (the revenue report’s definition) over each tier’s window; a tier ' +
      'held on the first day of a Vietnam month is kept for that month (`kept`). Decision record 059.',
    data: myVipSchema,
    handle: (request) => service.mine(request.user!.id),
  });

  route('GET /internal/analytics/vip-tiers', 'reports.read', {
    summary: 'Players per published VIP tier now (the analytics page), and paying players without a tier',
    description: "A tier follows from credited money (the revenue report's definition); decision record 059.",
    data: vipPlayersPerTierSchema,
    handle: () => service.analytics(),
  });

  route('GET /internal/vip-tiers', 'catalogue.write', {
    summary: 'Every VIP tier, drafts included, with the players holding each: search by title, state',
    querystring: vipTierListQuerySchema,
    data: staffVipTierPageSchema,
    handle: (request) => service.list(request.query),
  });

  route('GET /internal/vip-tiers/:id', 'catalogue.write', {
    summary: 'One VIP tier: its draft and its published state',
    params: vipTierIdParamsSchema,
    data: staffVipTierSchema,
    handle: (request) => service.get(request.params.id),
  });

  route('POST /internal/vip-tiers', 'catalogue.write', {
    stepUp: true,
    summary: 'Create a VIP tier (a draft until published)',
    description: BODY,
    body: vipTierBodySchema,
    data: staffVipTierSchema,
    handle: (request) => service.create(request.user!.id, request.body),
  });

  route('PUT /internal/vip-tiers/:id', 'catalogue.write', {
    stepUp: true,
    summary: "Replace a VIP tier's draft (what is published does not change until `publish`)",
    description: BODY,
    params: vipTierIdParamsSchema,
    body: vipTierBodySchema,
    data: staffVipTierSchema,
    handle: (request) => service.update(request.params.id, request.user!.id, request.body),
  });

  route('POST /internal/vip-tiers/:id/publish', 'catalogue.write', {
    stepUp: true,
    summary: "Publish a VIP tier's draft: players' tiers, perks and gifts follow it from then on",
    params: vipTierIdParamsSchema,
    data: staffVipTierSchema,
    handle: (request) => service.publish(request.params.id, request.user!.id),
  });
});
