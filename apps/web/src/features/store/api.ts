'use client';

import type { BankTransaction, OrderHistoryItem, Paged, PurchaseBody } from '@carabala/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const transactionKey = (id: string) => ['bank-transaction', id] as const;

export function usePurchase() {
  return useMutation({
    mutationFn: (body: PurchaseBody) => api.post<{ id: string }>('/transactions/bank', body),
  });
}

/** The bank transaction: loaded once; the check button fetches it again. */
export function useBankTransaction(id: string | null) {
  return useQuery({
    queryKey: transactionKey(id ?? ''),
    queryFn: () => api.get<BankTransaction>(`/transactions/bank/${id}`),
    enabled: Boolean(id),
    retry: 0,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}

export function useSimulateTransfer(id: string) {
  return useMutation({
    mutationFn: (amount: number) =>
      api.post<{ success: boolean }>(`/transactions/bank/${id}/simulate-transfer`, { amount }),
  });
}

export function useOrderHistory(page: number, enabled: boolean) {
  return useQuery({
    queryKey: ['order-history', page],
    queryFn: () => api.get<Paged<OrderHistoryItem>>(`/transactions/me?page=${page}&pageSize=20`),
    enabled,
    retry: 0,
  });
}
