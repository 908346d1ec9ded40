import { gameItemListSchema, itemNamesSchema } from '@carabala/contracts';
import { jsonRoutes } from '../../lib/routes';
import { timedPublication } from '../../lib/timed-publication';

export const gameItemsRoutes = jsonRoutes(['game'], (route, services, { app, config }) => {
  const items = services.gameItems;

  // Read by the store's dialog, the receipts and the console, once per page: cached like the news answers.
  timedPublication(app, config, 'item-names', {
    kind: null,
    path: '/items/names',
    tags: ['game'],
    summary: "Every item's Vietnamese name by id, from the copy of the game's list",
    description:
      'The names players and staff read for the items of packs, orders and gift codes, those the game ' +
      'no longer lists too. Cached like the news answers (ETag, `Cache-Control: public, no-cache`); a ' +
      "refresh of the game's list shows within NEWS_CACHE_SECONDS.",
    data: itemNamesSchema,
    produce: async () => ({ names: await items.names(), nextChange: null }),
  });

  route('GET /internal/items', 'items.read', {
    summary: "The copy of the game's items: the console's item picker and the flags on packs and codes",
    description:
      'Every item the site keeps from the game (id, Vietnamese name, kind, icon), `listed` false for ' +
      "those the game no longer lists, and `refreshedAt`, the last successful read of the game's list " +
      '(GAME_ITEMS_REFRESH_MS).',
    data: gameItemListSchema,
    handle: () => items.list(),
  });
});
