import {
  pointsAdjustmentBodySchema,
  pointsAdjustmentSchema,
  pointsSettingsBodySchema,
  pointsShopItemBodySchema,
  pointsShopItemIdParamsSchema,
  pointsShopItemListQuerySchema,
  staffPlayerPointsParamsSchema,
  staffPlayerPointsSchema,
  staffPointsSettingsSchema,
  staffPointsShopItemPageSchema,
  staffPointsShopItemSchema,
} from '@carabala/contracts';
import { jsonRoutes } from '../../lib/routes';

/** The console's points calls: the settings and the shop (drafts, publish with step-up), a player's points, adjustments. */
export const pointsStaffRoutes = jsonRoutes(['points'], async (route, services) => {
  const service = services.points;

  route('GET /internal/points/settings', 'catalogue.write', {
    summary: 'The points settings (rate per 1,000 VND, expiry in months, approval threshold): draft and published',
    data: staffPointsSettingsSchema.nullable(),
    handle: () => service.settings(),
  });

  route('PUT /internal/points/settings', 'catalogue.write', {
    stepUp: true,
    summary: "Replace the points settings' draft (nothing changes for players until published)",
    body: pointsSettingsBodySchema,
    data: staffPointsSettingsSchema,
    handle: (request) => service.saveSettings(request.user!.id, request.body),
  });

  route('POST /internal/points/settings/publish', 'catalogue.write', {
    stepUp: true,
    summary: "Publish the points settings' draft: orders paid from then on earn at its rate",
    data: staffPointsSettingsSchema,
    handle: (request) => service.publishSettings(request.user!.id),
  });

  route('GET /internal/points/items', 'catalogue.write', {
    summary: "The rewards shop's items, drafts included: search by name (diacritics ignored) and state",
    querystring: pointsShopItemListQuerySchema,
    data: staffPointsShopItemPageSchema,
    handle: (request) => service.listItems(request.query),
  });

  route('GET /internal/points/items/:id', 'catalogue.write', {
    summary: 'One shop item: its draft, its published state and how many redemptions it had',
    params: pointsShopItemIdParamsSchema,
    data: staffPointsShopItemSchema,
    handle: (request) => service.getItem(request.params.id),
  });

  route('POST /internal/points/items', 'catalogue.write', {
    stepUp: true,
    summary: 'Create a shop item (a draft until published)',
    body: pointsShopItemBodySchema,
    data: staffPointsShopItemSchema,
    handle: (request) => service.createItem(request.user!.id, request.body),
  });

  route('PUT /internal/points/items/:id', 'catalogue.write', {
    stepUp: true,
    summary: "Replace a shop item's draft",
    params: pointsShopItemIdParamsSchema,
    body: pointsShopItemBodySchema,
    data: staffPointsShopItemSchema,
    handle: (request) => service.updateItem(request.params.id, request.user!.id, request.body),
  });

  route('POST /internal/points/items/:id/publish', 'catalogue.write', {
    stepUp: true,
    summary: "Publish a shop item's draft: players can redeem it from then on",
    params: pointsShopItemIdParamsSchema,
    data: staffPointsShopItemSchema,
    handle: (request) => service.publishItem(request.params.id, request.user!.id),
  });

  route('GET /internal/points/players/:shortId', 'players.read', {
    summary: "A player's points: the balance and the latest 100 ledger rows",
    params: staffPlayerPointsParamsSchema,
    data: staffPlayerPointsSchema,
    handle: (request) => service.player(request.params.shortId),
  });

  route('POST /internal/points/adjustments', 'orders.mark', {
    stepUp: true,
    approval: true,
    summary: "Add or remove a player's points with a reason (audited)",
    description:
      'More points than the published threshold (either way; every adjustment while no settings are published) ' +
      'waits for a second admin: 202 `api.approval.pending`. Removing more than the balance: `api.points.not_enough`.',
    body: pointsAdjustmentBodySchema,
    data: pointsAdjustmentSchema,
    handle: (request) => service.adjust(request.user!.id, request.body),
  });
});
