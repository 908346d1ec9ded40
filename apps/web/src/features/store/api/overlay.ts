'use client';

import type { PackLimits, StorePromotion } from '@carabala/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { storeKeys } from './keys';

/*
 * The store page's own reads, laid over the page that is cached for everyone once it has loaded: what
 * is left of each limited pack and the promotions running now. Read without their contracts schemas,
 * like the header's /me: parsing would bring zod into the store's first load (decision record 052).
 * The purchase dialog, loaded on demand, parses everything else it reads.
 */

/** What is left of each limited pack for the signed-in receiver (read after load: the page is cached for everyone). */
export function usePackLimits(userId: string | null) {
  return useQuery({
    queryKey: storeKeys.limits(userId ?? ''),
    queryFn: () => api.get<PackLimits>('/store/packs/limits'),
    enabled: userId !== null,
    staleTime: 30_000,
  });
}

/** The promotions running now, the same for everyone (what one receiver gets is the quote's). */
export function useRunningPromotions(enabled = true) {
  return useQuery({
    queryKey: storeKeys.promotions(),
    queryFn: () => api.get<{ promotions: StorePromotion[] }>('/store/promotions'),
    enabled,
    staleTime: 30_000,
  });
}
