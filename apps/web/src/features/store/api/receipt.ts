'use client';

import { orderReceiptSchema, userLookupSchema } from '@carabala/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { storeKeys } from './keys';

/** Who a User ID names, before the order (throttled by the API: each id is asked once per visit). */
export function useReceiverLookup(shortId: string | null) {
  return useQuery({
    queryKey: storeKeys.receiver(shortId ?? ''),
    queryFn: () => api.get(`/users/lookup?shortId=${encodeURIComponent(shortId!)}`, userLookupSchema),
    enabled: Boolean(shortId),
    retry: 0,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}

/** An order's receipt by its code, for its buyer or receiver. */
export function useOrderReceipt(code: string, enabled: boolean) {
  return useQuery({
    queryKey: storeKeys.receipt(code),
    queryFn: () => api.get(`/transactions/receipt/${encodeURIComponent(code)}`, orderReceiptSchema),
    enabled,
    retry: 0,
    refetchOnWindowFocus: false,
  });
}
