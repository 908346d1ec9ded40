'use client';

import type { MyVip } from '@carabala/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from './api-client';
import { standingKey } from './standing-keys';

/** The signed-in player's VIP standing (GET /api/me/vip); the same key as the VIP page's, read only when asked. */
export const myVipKey = (userId: string) => [...standingKey, 'vip', userId] as const;

/**
 * The tier's name for the user menu's badge: read when the menu opens (never on a page's first load,
 * decision 052), as its contracts type without zod; null without a tier.
 */
export function useVipBadge(userId: string, enabled: boolean): string | null {
  const query = useQuery({
    queryKey: myVipKey(userId),
    queryFn: () => api.get<MyVip>('/me/vip'),
    enabled,
    staleTime: 60_000,
    retry: 0,
  });
  return query.data?.tier?.title ?? null;
}
