'use client';

import {
  staffPromotionPageSchema,
  staffPromotionSchema,
  storePromotionsSchema,
  type PromotionBody,
} from '@carabala/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { recordKeys, useRead, useWrite } from '@/lib/staff-query';

/** The query keys of the staff's promotion reads. */
export const promotionKeys = recordKeys<PromotionFilter, number>('promotions');

export type PromotionFilter = { q: string; kind: string; state: string; page: number; pageSize: number };

export function useStaffPromotions(filter: PromotionFilter) {
  return useQuery({
    queryKey: promotionKeys.list(filter),
    queryFn: () => {
      const search = new URLSearchParams({ page: String(filter.page), pageSize: String(filter.pageSize) });
      for (const key of ['q', 'kind', 'state'] as const) if (filter[key]) search.set(key, filter[key]);
      return api.get(`/internal/promotions?${search}`, staffPromotionPageSchema);
    },
    // The list's key is a string; the number stays as `promotionId`.
    select: (page) => ({
      ...page,
      items: page.items.map((promotion) => ({ ...promotion, id: String(promotion.id), promotionId: promotion.id })),
    }),
  });
}

export const useStaffPromotion = (id: number) =>
  useRead(promotionKeys.detail(id), `/internal/promotions/${id}`, staffPromotionSchema);

/** Creates a promotion (no id) or replaces its draft. */
export const useSavePromotion = (id: number | undefined) =>
  useWrite(
    (body: PromotionBody) =>
      id
        ? api.put(`/internal/promotions/${id}`, body, staffPromotionSchema)
        : api.post('/internal/promotions', body, staffPromotionSchema),
    promotionKeys.all,
  );

/** Publishes the saved draft; the console's step-up dialog asks for a fresh code first. */
export const usePublishPromotion = (id: number) =>
  useWrite(() => api.post(`/internal/promotions/${id}/publish`, {}, staffPromotionSchema), promotionKeys.all);

/** The promotions running now; with a receiver's game id, a first top-up only while it would apply to them. */
export function useRunningPromotions(receiver: string | null | undefined) {
  return useQuery({
    queryKey: ['store-promotions', receiver ?? ''],
    queryFn: () =>
      api.get(`/store/promotions${receiver ? `?receiver=${encodeURIComponent(receiver)}` : ''}`, storePromotionsSchema),
    staleTime: 30_000,
  });
}
