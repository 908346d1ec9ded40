import {
  homeContentSchema,
  homeSlideBodySchema,
  homeSlideIdParamsSchema,
  homeSlideListQuerySchema,
  homeSlideMoveSchema,
  staffHomeSlideListSchema,
  staffHomeSlideSchema,
} from '@carabala/contracts';
import { jsonRoutes } from '../../lib/routes';
import { timedPublication } from '../../lib/timed-publication';

/** Slides are pictures, words and links: nothing a player receives or pays (decision record 029). */
const CONTENT = { exempt: 'Home page content: nothing sold or given' };

export const homeRoutes = jsonRoutes(['internal'], (route, services, { app, config }) => {
  const service = services.home;
  // Emptied on every publication, hide, show or move (the service publishes `content.published`).
  timedPublication(app, config, 'home-cache', {
    kind: 'home',
    path: '/home',
    tags: ['home'],
    summary: "The home page's carousels now: each section's published slides in order, cached",
    description:
      'Published slides whose window is open, per section (`banner`, `news`, `collection`, `character`, ' +
      '`feature`). `nextChangeAt` is the next moment a window opens or closes; the cached answer lives no ' +
      'longer than that (ETag, `Cache-Control: public, no-cache`, 304 to a matching If-None-Match).',
    data: homeContentSchema,
    produce: () => service.content(),
  });

  route('GET /internal/home/slides', 'home.write', {
    summary: "The home page's slides, drafts included, in section and slide order",
    querystring: homeSlideListQuerySchema,
    data: staffHomeSlideListSchema,
    handle: (request) => service.list(request.query.section),
  });

  route('POST /internal/home/slides', 'home.write', {
    stepUp: CONTENT,
    summary: 'Create a slide in a section (a draft until published)',
    description:
      '`section` (`banner`, `news`, `collection`, `character` or `feature`), `title`, `image` (a path of the ' +
      'site, /…); optional `mobileImage` (banners only), `link` (/… or https://…), `sortOrder` (none: last of ' +
      'its section) and `visibleFrom`/`visibleUntil` (ISO 8601 with an offset). Refusals: `api.validation` with a Vietnamese ' +
      'message per field.',
    body: homeSlideBodySchema,
    data: staffHomeSlideSchema,
    handle: (request) => service.create(request.user!.id, request.body),
  });

  route('PUT /internal/home/slides/:id', 'home.write', {
    stepUp: CONTENT,
    summary: "Replace a slide's draft (the home page does not change until `publish`)",
    params: homeSlideIdParamsSchema,
    body: homeSlideBodySchema,
    data: staffHomeSlideSchema,
    handle: (request) => service.update(request.params.id, request.user!.id, request.body),
  });

  route('POST /internal/home/slides/:id/publish', 'home.write', {
    stepUp: CONTENT,
    summary: "Publish a slide's draft: on the home page within seconds",
    description:
      'Copies the draft to the published state, audited with its before and after; the home page is ' +
      "rebuilt now and again at each end of the slide's window (the schedule).",
    params: homeSlideIdParamsSchema,
    data: staffHomeSlideSchema,
    handle: (request) => service.publish(request.params.id, request.user!.id),
  });

  // Taking a slide off the home page, bringing it back or moving it changes the page as a publication
  // does: the same step-up rule, the same revalidation.
  for (const [action, hidden] of [
    ['hide', true],
    ['show', false],
  ] as const) {
    route(`POST /internal/home/slides/:id/${action}`, 'home.write', {
      stepUp: CONTENT,
      summary: hidden
        ? 'Hide a published slide now: off the home page within seconds'
        : 'Show a hidden slide again: its published state back on the home page within seconds',
      description:
        'Audited. The draft and the published state stay as they are: a hidden slide can be edited and ' +
        'published and stays hidden until shown again. Refusals: `api.home.not_published` (409) for a slide ' +
        'never published.',
      params: homeSlideIdParamsSchema,
      data: staffHomeSlideSchema,
      handle: (request) => service.setHidden(request.params.id, request.user!.id, hidden),
    });
  }

  route('POST /internal/home/slides/:id/move', 'home.write', {
    stepUp: CONTENT,
    summary: 'Move a slide one place up or down in its section: the home page shows the new order within seconds',
    description:
      '`direction`: `up` (shown earlier) or `down`. The section is numbered again (`sortOrder` 0, 10, 20…) in ' +
      'the drafts and in what is published, so a draft slide moved first is first once published. Audited with ' +
      'its place before and after; at an end of the section nothing moves.',
    params: homeSlideIdParamsSchema,
    body: homeSlideMoveSchema,
    data: staffHomeSlideSchema,
    handle: (request) => service.move(request.params.id, request.user!.id, request.body),
  });
});
