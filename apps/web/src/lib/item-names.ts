'use client';

import type { ItemNameMap } from '@carabala/contracts/labels';
import { useQuery } from '@tanstack/react-query';
import { api } from './api-client';

/**
 * The game's item names by id (GET /api/items/names, the API's copy of the game's list), read once
 * per visit: what `formatItems(items, names)` shows for an item only the game lists. Undefined until
 * it comes (or when it cannot): the labels then fall back to the embedded list's names.
 * The answer is a plain map, read without a schema, so that a player's page ships no extra parsing.
 */
export function useItemNames(): ItemNameMap | undefined {
  return useQuery({
    queryKey: ['item-names'],
    queryFn: async () => (await api.get<{ names: ItemNameMap }>('/items/names')).names,
    staleTime: 10 * 60_000,
    retry: 1,
  }).data;
}
