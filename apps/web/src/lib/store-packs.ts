'use client';

import { storePacksSchema } from '@carabala/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from './api-client';

/**
 * The packs on sale now, read in the browser: the staff's grant picker and the catalogue's preview.
 * (The store page has them in its HTML, from the server's cached read.)
 */
export function useStorePacks(enabled: boolean) {
  return useQuery({
    queryKey: ['store', 'packs'],
    queryFn: () => api.get('/store/packs', storePacksSchema),
    enabled,
    staleTime: 60_000,
  });
}
