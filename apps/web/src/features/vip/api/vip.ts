'use client';

import { myVipSchema, vipTiersSchema } from '@carabala/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { myVipKey } from '@/lib/vip-badge';

export const vipKeys = { tiers: ['vip', 'tiers'] as const, mine: myVipKey };

/** GET /api/vip/tiers: the published tiers, the same for everyone. */
export function useVipTiers() {
  return useQuery({
    queryKey: vipKeys.tiers,
    queryFn: async () => (await api.get('/vip/tiers', vipTiersSchema)).tiers,
    staleTime: 5 * 60_000,
  });
}

/** GET /api/me/vip: the signed-in player's tier and the way to the next (under the standing key: a payment refreshes it). */
export function useMyVip(userId: string | null) {
  return useQuery({
    queryKey: vipKeys.mine(userId ?? ''),
    queryFn: () => api.get('/me/vip', myVipSchema),
    enabled: Boolean(userId),
    staleTime: 60_000,
  });
}
