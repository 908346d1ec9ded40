'use client';

import { QueryClientProvider } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useEffect, useState, type ReactNode } from 'react';
import { Toaster } from 'react-hot-toast';
import { setUnauthorizedHandler, setUnavailableHandler } from '@/lib/api-client';
import { ErrorWords } from './error-words';
import { NOTICE_MS, NOTICE_TOASTER, NOTICE_TOP_PX, notice } from '@/lib/notice';
import { makeQueryClient } from '@/lib/query-client';
import { ME_QUERY_KEY } from '@/lib/auth';
import { tokenStore } from '@/lib/storage';

const SHELL_ERRORS = ['errors'] as const;

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(makeQueryClient);
  const t = useTranslations('common');

  useEffect(() => {
    // Any 401/403 from the API signs the player out: storage cleared, the cached user set to null.
    setUnauthorizedHandler(() => {
      tokenStore.clear();
      queryClient.setQueryData(ME_QUERY_KEY, null);
    });
  }, [queryClient]);

  useEffect(() => {
    // The API away or busy (502/503/504 on a read): the player stays signed in and sees one short
    // notice; the same id keeps a burst of failed reads to one notice on screen.
    setUnavailableHandler(() => notice(<span data-testid="api-busy">{t('apiBusy')}</span>, { id: 'api-busy' }));
  }, [t]);

  return (
    <QueryClientProvider client={queryClient}>
      <ErrorWords namespaces={SHELL_ERRORS} />
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
