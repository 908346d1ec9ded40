'use client';

import { packQuotesSchema } from '@carabala/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { storeKeys } from './keys';

/**
 * The quotes of a pack's products for a receiver (null: anyone), laid over the cached store page: the
 * purchase dialog's and the transfer panel's one call (GET /api/store/quote, decision record 058). The
 * dialog is loaded on demand, so it parses with the contracts schema.
 */
export function usePackQuotes(packId: number, receiver: string | null, enabled = true) {
  return useQuery({
    queryKey: storeKeys.quote(packId, receiver ?? ''),
    queryFn: () =>
      api.get(
        `/store/quote?packId=${packId}${receiver ? `&receiver=${encodeURIComponent(receiver)}` : ''}`,
        packQuotesSchema,
      ),
    enabled,
    staleTime: 30_000,
  });
}
