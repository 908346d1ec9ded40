'use client';

import {
  bankTransactionSchema,
  orderHistorySchema,
  orderLookupResultSchema,
  purchaseResultSchema,
  type OrderLookupBody,
  type PurchaseBody,
} from '@carabala/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api } from '@/lib/api-client';
import { storeKeys } from './keys';

export function usePurchase() {
  return useMutation({
    mutationFn: (body: PurchaseBody) => api.post('/transactions/bank', body, purchaseResultSchema),
  });
}

/** The bank transaction: loaded once, then read again when its stream says so, by polling, or by the check button. */
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

/** Polling without a stream: the first read again after this, each next one twice as late, up to the last. */
const FIRST_POLL_MS = 3_000;
const LAST_POLL_MS = 30_000;

/** How an open panel hears of money: the order's event stream, or polling while there is none. */
export type LiveMode = 'stream' | 'polling';

/**
 * Keeps an open or delivering order's answer fresh while `enabled`: the API's server-sent events say when
 * money was recorded or the pack delivered, and the order is read again at once; without them (no EventSource, the stream refused or
 * dropped) it polls with backoff. Even with a stream it reads every 30 s, in case a message was lost.
 */
export function useLiveBankTransaction(id: string, enabled: boolean): LiveMode {
  const queryClient = useQueryClient();
  const [mode, setMode] = useState<LiveMode>('polling');
  useEffect(() => {
    if (!enabled) return;
    let streaming = false;
    let delay = FIRST_POLL_MS;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const refresh = () => void queryClient.invalidateQueries({ queryKey: storeKeys.transaction(id) });
    const schedule = () => {
      clearTimeout(timer);
      timer = setTimeout(
        () => {
          refresh();
          if (!streaming) delay = Math.min(delay * 2, LAST_POLL_MS);
          schedule();
        },
        streaming ? LAST_POLL_MS : delay,
      );
    };
    const source = typeof EventSource === 'undefined' ? null : new EventSource(`/api/transactions/bank/${id}/events`);
    if (source) {
      // `ready` too: money may have come between the first read and the stream's opening.
      source.onmessage = () => {
        streaming = true;
        setMode('stream');
        refresh();
        schedule();
      };
      source.onerror = () => {
        if (!streaming) return;
        streaming = false;
        setMode('polling');
        schedule();
      };
    }
    schedule();
    return () => {
      clearTimeout(timer);
      source?.close();
    };
  }, [id, enabled, queryClient]);
  return mode;
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

/** A guest finds an order again by its code and the receiver's User ID: the order's link. */
export function useOrderLookup() {
  return useMutation({
    mutationFn: (body: OrderLookupBody) => api.post('/transactions/lookup', body, orderLookupResultSchema),
  });
}
