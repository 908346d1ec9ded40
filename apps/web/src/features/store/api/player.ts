'use client';

import {
  bankTransactionSchema,
  orderHistorySchema,
  purchaseResultSchema,
  type PurchaseBody,
} from '@carabala/contracts';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { storeKeys } from './keys';

export function usePurchase() {
  return useMutation({
    mutationFn: (body: PurchaseBody) => api.post('/transactions/bank', body, purchaseResultSchema),
  });
}

/** The bank transaction: loaded once; the check button fetches it again. */
export const bankTransactionQuery = (id: string) =>
  queryOptions({
    queryKey: storeKeys.transaction(id),
    queryFn: () => api.get(`/transactions/bank/${id}`, bankTransactionSchema),
    retry: 0,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });

export function useBankTransaction(id: string | null) {
  return useQuery({ ...bankTransactionQuery(id ?? ''), enabled: Boolean(id) });
}

export function useSimulateTransfer(id: string) {
  return useMutation({
    mutationFn: (amount: number) => api.post(`/transactions/bank/${id}/simulate-transfer`, { amount }),
  });
}

export function useOrderHistory(page: number, enabled: boolean) {
  return useQuery({
    queryKey: storeKeys.history(page),
    queryFn: () => api.get(`/transactions/me?page=${page}&pageSize=20`, orderHistorySchema),
    enabled,
    retry: 0,
  });
}
