'use client';

import {
  staffPromotionPageSchema,
  staffPromotionSchema,
  storePromotionsSchema,
  type PromotionBody,
  type StaffPromotion,
} from '@carabala/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { draftRecords } from '../admin/draft-api';

/** The console's calls for promotions: the list, one promotion, saving its draft and publishing it (both with step-up). */
export const promotionRecords = draftRecords<StaffPromotion, PromotionBody>(
  'promotions',
  '/internal/promotions',
  staffPromotionPageSchema,
  staffPromotionSchema,
);

/** The promotions running now; with a receiver's game id, a first top-up only while it would apply to them. */
export function useRunningPromotions(receiver: string | null | undefined) {
  return useQuery({
    queryKey: ['store-promotions', receiver ?? ''],
    queryFn: () =>
      api.get(`/store/promotions${receiver ? `?receiver=${encodeURIComponent(receiver)}` : ''}`, storePromotionsSchema),
    staleTime: 30_000,
  });
}
