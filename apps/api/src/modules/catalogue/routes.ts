import {
  packBodySchema,
  packIdParamsSchema,
  packListQuerySchema,
  staffPackPageSchema,
  staffPackSchema,
  storePacksSchema,
} from '@carabala/contracts';
import { jsonRoutes } from '../../lib/routes';
import { timedPublication } from '../../lib/timed-publication';
import { stepUpRefusal } from '../../plugins/auth';

export const catalogueRoutes = jsonRoutes(['catalogue'], async (route, services, { app, config }) => {
  const service = services.catalogue;
  const store = await timedPublication(app, config, 'catalogue-cache', {
    path: '/store/packs',
    tags: ['store'],
    summary: 'The packs on sale now, in the store order, cached like the news answers',
    description:
      'Published packs whose window is open, with their sale when one is running or still to come. ' +
      '`nextChangeAt` is the next moment a window or a sale starts or ends; the cached answer lives no ' +
      'longer than that (ETag, `Cache-Control: public, no-cache`, 304 to a matching If-None-Match).',
    data: storePacksSchema,
    produce: () => service.storePacks(),
  });

  route('GET /internal/catalogue/packs', 'catalogue.write', {
    summary: 'Every pack, drafts included: search by title (diacritics ignored), tab and state',
    querystring: packListQuerySchema,
    data: staffPackPageSchema,
    handle: (request) => service.list(request.query),
  });

  route('GET /internal/catalogue/packs/:id', 'catalogue.write', {
    summary: 'One pack: its draft and its published state',
    params: packIdParamsSchema,
    data: staffPackSchema,
    handle: (request) => service.get(request.params.id),
  });

  route('POST /internal/catalogue/packs', 'catalogue.write', {
    summary: 'Create a pack (a draft until published)',
    description:
      'At least `title`, `tab`, `price` and `items: [{ itemId, quantity }]`; optional `visibleFrom`, ' +
      '`visibleUntil` and `sale: { price, startsAt, endsAt }` (ISO 8601 with an offset), `limit`, `stock`, ' +
      '`sortOrder`, `options` (a selectable pack) and `art` (none: drawn art). Refusals: `api.validation` ' +
      'with a Vietnamese message per field; `api.catalogue.product_id_taken` (409) for an option id of another pack.',
    body: packBodySchema,
    data: staffPackSchema,
    handle: (request) => service.create(request.user!.id, request.body),
  });

  route('PUT /internal/catalogue/packs/:id', 'catalogue.write', {
    summary: "Replace a pack's draft (what is published does not change until `publish`)",
    params: packIdParamsSchema,
    body: packBodySchema,
    data: staffPackSchema,
    handle: (request) => service.update(request.params.id, request.user!.id, request.body),
  });

  route('POST /internal/catalogue/packs/:id/publish', 'catalogue.write', {
    summary: "Publish a pack's draft: on every store page within seconds",
    description:
      'Copies the draft to the published state, audited with its before and after. A change of what ' +
      'players pay (a first publication, the price, the sale, an option price) needs a second-factor code ' +
      'from the last 10 minutes: `api.auth.step_up_required` (428) otherwise. Orders already made keep ' +
      'their price, contents and art.',
    params: packIdParamsSchema,
    data: staffPackSchema,
    handle: async (request) => {
      const refusal = stepUpRefusal(request.user);
      const published = await service.publish(request.params.id, request.user!.id, !refusal, () => refusal!);
      await store.published();
      services.catalogueSchedule.nudge();
      return published;
    },
  });
});
