'use client';

import { promotionEventProgressSchema, promotionEventSchema } from '@carabala/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { standingKey } from '@/lib/standing-keys';

/** GET /events/{id}: the event as everyone reads it. */
export const useTopupEvent = (id: number) =>
  useQuery({ queryKey: ['topup-event', id], queryFn: () => api.get(`/events/${id}`, promotionEventSchema), retry: 1 });

/**
 * GET /events/{id}/progress: the signed-in player's progress, under the standing key, so the transfer
 * panel's "paid" reads it again with no reload.
 */
export const useEventProgress = (id: number, userId: string | null) =>
  useQuery({
    queryKey: [...standingKey, 'topup-event', id, userId ?? ''],
    queryFn: () => api.get(`/events/${id}/progress`, promotionEventProgressSchema),
    enabled: userId !== null,
  });
