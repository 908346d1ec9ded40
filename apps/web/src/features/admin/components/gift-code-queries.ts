'use client';

import type { GiftCodeDetail, GiftCodeSummary, Paged } from '@carabala/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const giftCodesKey = ['admin', 'gift-codes'] as const;

export function useGiftCodes(filter: {
  search?: string;
  status?: string;
  batchId?: string;
  page: number;
  pageSize: number;
}) {
  return useQuery({
    queryKey: [...giftCodesKey, 'list', filter],
    queryFn: () => api.post<Paged<GiftCodeSummary>>('/internal/gift-codes/find-many', filter),
  });
}

export function useGiftCode(id: string) {
  return useQuery({
    queryKey: [...giftCodesKey, 'detail', id],
    queryFn: () => api.get<GiftCodeDetail>(`/internal/gift-codes/${id}`),
  });
}

export const batchCsvPath = (batchId: string) => `/internal/gift-codes/batches/${batchId}/export.csv`;
