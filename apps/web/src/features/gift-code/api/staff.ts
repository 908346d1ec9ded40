'use client';

import {
  giftCodeBatchResultSchema,
  giftCodeDetailSchema,
  giftCodePageSchema,
  giftCodeSummarySchema,
  type GiftCodeBatchBody,
  type GiftCodeCreateBody,
  type GiftCodeFindManyBody,
  type GiftCodeUpdateBody,
} from '@carabala/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The query keys of the staff's gift-code reads. */
export const giftCodeKeys = {
  all: ['gift-codes'] as const,
  list: (filter: GiftCodeFindManyBody) => [...giftCodeKeys.all, 'list', filter] as const,
  detail: (id: string) => [...giftCodeKeys.all, 'detail', id] as const,
};

export function useGiftCodes(filter: GiftCodeFindManyBody) {
  return useQuery({
    queryKey: giftCodeKeys.list(filter),
    queryFn: () => api.post('/internal/gift-codes/find-many', filter, giftCodePageSchema),
  });
}

export function useGiftCode(id: string) {
  return useQuery({
    queryKey: giftCodeKeys.detail(id),
    queryFn: () => api.get(`/internal/gift-codes/${id}`, giftCodeDetailSchema),
  });
}

/** A write to the gift codes; every list and detail is read again after it. */
function useGiftCodeWrite<Body, Result>(write: (body: Body) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: giftCodeKeys.all }),
  });
}

export const useCreateGiftCode = () =>
  useGiftCodeWrite((body: GiftCodeCreateBody) =>
    api.post('/internal/gift-codes/create-one', body, giftCodeSummarySchema),
  );

export const useCreateGiftCodeBatch = () =>
  useGiftCodeWrite((body: GiftCodeBatchBody) =>
    api.post('/internal/gift-codes/batches', body, giftCodeBatchResultSchema),
  );

export const useUpdateGiftCode = (id: string) =>
  useGiftCodeWrite((body: GiftCodeUpdateBody) => api.put(`/internal/gift-codes/${id}`, body, giftCodeSummarySchema));

/** Saves a batch's codes as CSV (admin only; the export is audited); resolves to the file name. */
export const downloadBatchCsv = (batchId: string) => api.download(`/internal/gift-codes/batches/${batchId}/export.csv`);
