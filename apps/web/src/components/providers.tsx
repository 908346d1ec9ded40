'use client';

import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { Toaster } from 'react-hot-toast';
import { setUnauthorizedHandler } from '@/lib/api-client';
import { NOTICE_MS, NOTICE_TOASTER, NOTICE_TOP_PX } from '@/lib/notice';
import { makeQueryClient } from '@/lib/query-client';
import { ME_QUERY_KEY } from '@/lib/session';
import { tokenStore } from '@/lib/storage';

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(makeQueryClient);

  useEffect(() => {
    // Any 401/403 from the API signs the player out: storage cleared, the cached user set to null.
    setUnauthorizedHandler(() => {
      tokenStore.clear();
      queryClient.setQueryData(ME_QUERY_KEY, null);
    });
  }, [queryClient]);

  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Toaster position="top-center" toastOptions={{ style: { fontWeight: 600 } }} />
      <Toaster
        toasterId={NOTICE_TOASTER}
        position="top-right"
        containerStyle={{ top: NOTICE_TOP_PX }}
        toastOptions={{ duration: NOTICE_MS, style: { maxWidth: 340 } }}
      />
    </QueryClientProvider>
  );
}
