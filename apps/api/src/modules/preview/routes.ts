import {
  homePreviewSchema,
  previewCodes,
  previewMessages,
  previewQuerySchema,
  storePreviewSchema,
} from '@carabala/contracts';
import { z } from 'zod';
import { jsonRoutes } from '../../lib/routes';
import { AppError } from '../../plugins/errors';
import { quotesForAnyone } from './quotes';

const instant = z.iso.datetime({ offset: true });

const badTime = () =>
  new AppError(400, previewCodes.badTime, previewMessages.badTime, { at: [previewMessages.badTime] });

/** The moment asked for (now when absent) and whether drafts count as published; a bad moment is refused. */
function viewOf(query: z.output<typeof previewQuerySchema>) {
  const at = query.at === undefined ? Date.now() : instant.safeParse(query.at).success ? Date.parse(query.at) : NaN;
  if (!Number.isFinite(at)) throw badTime();
  return { at, drafts: query.drafts === '1' };
}

const description =
  '`at`: the moment, ISO 8601 with its offset (e.g. 2026-11-27T20:00:00+07:00; now when absent). ' +
  '`drafts`: `1` (default) counts every draft as published, `0` shows only what is published. ' +
  'The same windows, sales and schedules as the public read, judged at `at`; never cached ' +
  '(`Cache-Control: private, no-store`). Refusals: `api.preview.bad_time` (400) for a bad `at`.';

export const previewRoutes = jsonRoutes(['internal'], (route, services, { app }) => {
  // Staff's answers about what is not public yet: no cache along the way may keep them.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });

  route('GET /internal/preview/store', 'catalogue.write', {
    summary: 'The store as a player would see it at a chosen moment, drafts included',
    description:
      `${description} With the promotions published and running then, and each product's quote for anyone ` +
      'then (price, sale, bonuses; no stock or player counts).',
    querystring: previewQuerySchema,
    data: storePreviewSchema,
    handle: async (request) => {
      const { at, drafts } = viewOf(request.query);
      const [{ nextChange: _next, ...store }, { moment, promotions }] = await Promise.all([
        services.catalogue.storePacks(at, { drafts }),
        services.promotions.runningAt(new Date(at)),
      ]);
      return { ...store, promotions, quotes: quotesForAnyone(store.packs, moment) };
    },
  });

  route('GET /internal/preview/home', 'home.write', {
    summary: 'The home page as a player would see it at a chosen moment: carousels and news, drafts included',
    description: `${description} The news list is the home page's: pinned ("HOT") first, scheduled articles from their date.`,
    querystring: previewQuerySchema,
    data: homePreviewSchema,
    handle: async (request) => {
      const { at, drafts } = viewOf(request.query);
      const [{ nextChange: _next, ...home }, news] = await Promise.all([
        services.home.content(at, { drafts }),
        services.news.homeList({ at: new Date(at), drafts }),
      ]);
      return { ...home, news };
    },
  });
});
