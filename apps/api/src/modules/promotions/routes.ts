import {
  promotionBodySchema,
  promotionIdParamsSchema,
  promotionEventProgressSchema,
  promotionEventSchema,
  promotionListQuerySchema,
  staffPromotionPageSchema,
  staffPromotionSchema,
  storePromotionsSchema,
} from '@carabala/contracts';
import { jsonRoutes } from '../../lib/routes';

const BODY =
  '`kind` (`first_topup`, `bonus_window`, `spend_milestones`), `title`, `startsAt` and `endsAt` (ISO 8601 with ' +
  'an offset), `packIds` and `tabs` (none: every pack), `perPlayerCap` (bonus window), `double` and `items` ' +
  '(first top-up), `percent` (bonus window), `milestones: [{ threshold, items }]`. Refusals: `api.validation` ' +
  'with a Vietnamese message per field.';

export const promotionsRoutes = jsonRoutes(['promotions'], async (route, services) => {
  const service = services.promotions;

  route('GET /store/promotions', 'public', {
    summary: 'The promotions running now, as the store page shows them (the same for everyone)',
    description:
      "What one receiver would get is the quote's (`GET /api/store/quote`), and the bonus an order did get is on the " +
      'order itself (`bonusItems`).',
    data: storePromotionsSchema,
    handle: async () => ({ promotions: await service.running() }),
  });

  route('GET /events/:id', 'public', {
    summary: 'A spend-milestones promotion as its top-up event page shows it to everyone',
    description: 'Published spend-milestones promotions only (running or over); any other id is `api.error` (404).',
    params: promotionIdParamsSchema,
    data: promotionEventSchema,
    handle: (request) => service.event(request.params.id),
  });

  route('GET /events/:id/progress', 'user', {
    summary:
      "The signed-in player's progress in a spend-milestones event: paid total in its window, next threshold, milestones received",
    description:
      "The total is the promotion's own: the orders the player received, paid inside the window (decision record 035).",
    params: promotionIdParamsSchema,
    data: promotionEventProgressSchema,
    handle: (request) => service.eventProgress(request.params.id, request.user!.id),
  });

  route('GET /internal/promotions', 'catalogue.write', {
    summary: 'Every promotion, drafts included: search by title (diacritics ignored), kind and state',
    querystring: promotionListQuerySchema,
    data: staffPromotionPageSchema,
    handle: (request) => service.list(request.query),
  });

  route('GET /internal/promotions/:id', 'catalogue.write', {
    summary: 'One promotion: its draft, its published state and how many gifts it has given',
    params: promotionIdParamsSchema,
    data: staffPromotionSchema,
    handle: (request) => service.get(request.params.id),
  });

  // A promotion gives items away: its draft's writes and every publication need a recent code.
  route('POST /internal/promotions', 'catalogue.write', {
    stepUp: true,
    summary: 'Create a promotion (a draft until published)',
    description: BODY,
    body: promotionBodySchema,
    data: staffPromotionSchema,
    handle: (request) => service.create(request.user!.id, request.body),
  });

  route('PUT /internal/promotions/:id', 'catalogue.write', {
    stepUp: true,
    summary: "Replace a promotion's draft (what is published does not change until `publish`)",
    description: BODY,
    params: promotionIdParamsSchema,
    body: promotionBodySchema,
    data: staffPromotionSchema,
    handle: (request) => service.update(request.params.id, request.user!.id, request.body),
  });

  route('POST /internal/promotions/:id/publish', 'catalogue.write', {
    stepUp: true,
    summary: "Publish a promotion's draft: orders paid from then on get it",
    description: 'Copies the draft to the published state, audited with its before and after.',
    params: promotionIdParamsSchema,
    data: staffPromotionSchema,
    handle: (request) => service.publish(request.params.id, request.user!.id),
  });
});
