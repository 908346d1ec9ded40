'use client';

import { gameItemListSchema, type GameItemEntry } from '@carabala/contracts';
import { itemLabel } from '@carabala/contracts/labels';
import { useQuery } from '@tanstack/react-query';
import { api } from './api-client';
import { useCan } from './permissions';

/**
 * The API's copy of the game's items (GET /api/internal/items): the console's item picker and flags.
 * Read only by a role that may (items.read): a 403 would sign the member out.
 */
export function useGameItems() {
  const allowed = useCan()('items.read');
  return useQuery({
    queryKey: ['game-items'],
    queryFn: () => api.get('/internal/items', gameItemListSchema),
    staleTime: 60_000,
    enabled: allowed,
  });
}

/**
 * The names of the items among `itemIds` the game no longer lists (or never did), each once; empty
 * while the copy is not read.
 */
export function unlistedItemNames(itemIds: readonly string[], copy: readonly GameItemEntry[] | undefined): string[] {
  if (!copy) return [];
  const byId = new Map(copy.map((item) => [item.id, item]));
  return [...new Set(itemIds)].filter((id) => !byId.get(id)?.listed).map((id) => byId.get(id)?.name ?? itemLabel(id));
}
