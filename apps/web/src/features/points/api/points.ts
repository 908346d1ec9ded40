'use client';

import {
  pointsHistorySchema,
  pointsRedemptionSchema,
  pointsShopSchema,
  pointsSummarySchema,
  type PointsRedemption,
} from '@carabala/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { standingKey } from '@/lib/standing-keys';

/** The player's points queries, under the standing prefix: a paid order reads them again (transfer panel). */
export const pointsKeys = {
  all: (userId: string) => [...standingKey, 'points', userId] as const,
  summary: (userId: string) => [...pointsKeys.all(userId), 'summary'] as const,
  history: (userId: string, page: number) => [...pointsKeys.all(userId), 'history', page] as const,
  shop: (userId: string | null) => [...standingKey, 'points-shop', userId ?? ''] as const,
};

export function usePointsSummary(userId: string | null) {
  return useQuery({
    queryKey: pointsKeys.summary(userId ?? ''),
    queryFn: () => api.get('/points', pointsSummarySchema),
    enabled: Boolean(userId),
  });
}

export function usePointsHistory(userId: string | null, page: number) {
  return useQuery({
    queryKey: pointsKeys.history(userId ?? '', page),
    queryFn: () => api.get(`/points/history?page=${page}&pageSize=20`, pointsHistorySchema),
    enabled: Boolean(userId),
  });
}

export function usePointsShop(userId: string | null) {
  return useQuery({ queryKey: pointsKeys.shop(userId), queryFn: () => api.get('/points/shop', pointsShopSchema) });
}

/** Redeems a shop item; the balance, history and shop are read again after. */
export function useRedeem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (itemId: number): Promise<PointsRedemption> =>
      api.post(`/points/shop/${itemId}/redeem`, undefined, pointsRedemptionSchema),
    onSettled: () => queryClient.invalidateQueries({ queryKey: standingKey }),
  });
}
