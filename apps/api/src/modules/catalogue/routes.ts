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

export const catalogueRoutes = jsonRoutes(['catalogue'], (route, services, { app, config }) => {
  const service = services.catalogue;
  // Emptied on every publication, hide or show (the service publishes `content.published`).
  timedPublication(app, config, 'catalogue-cache', {
    kind: 'catalogue',
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

  // What a pack sells, for how much, how often and when is what players receive and pay: its draft's
  // writes and every publication need a recent code (decision record 029).
  route('POST /internal/catalogue/packs', 'catalogue.write', {
    stepUp: true,
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
    stepUp: true,
    summary: "Replace a pack's draft (what is published does not change until `publish`)",
    params: packIdParamsSchema,
    body: packBodySchema,
    data: staffPackSchema,
    handle: (request) => service.update(request.params.id, request.user!.id, request.body),
  });

  route('POST /internal/catalogue/packs/:id/publish', 'catalogue.write', {
    stepUp: true,
    summary: "Publish a pack's draft: on every store page within seconds",
    description:
      'Copies the draft to the published state, audited with its before and after. Orders already made ' +
      'keep their price, contents and art.',
    params: packIdParamsSchema,
    data: staffPackSchema,
    handle: (request) => service.publish(request.params.id, request.user!.id),
  });

  // Taking a pack off the store, or bringing it back, changes what players can buy as a publication
  // does: the same step-up, the same revalidation.
  for (const [action, hidden] of [
    ['hide', true],
    ['show', false],
  ] as const) {
    route(`POST /internal/catalogue/packs/:id/${action}`, 'catalogue.write', {
      stepUp: true,
      summary: hidden
        ? 'Hide a published pack now: off every store page within seconds, and no longer sold'
        : 'Show a hidden pack again: its published state back on the store within seconds',
      description:
        'Audited. The draft and the published state stay as they are: a hidden pack can be edited and ' +
        'published and stays hidden until shown again. Orders already made keep what they bought; staff ' +
        'may still grant it. Refusals: `api.catalogue.not_published` (409) for a pack never published.',
      params: packIdParamsSchema,
      data: staffPackSchema,
      handle: (request) => service.setHidden(request.params.id, request.user!.id, hidden),
    });
  }
});
