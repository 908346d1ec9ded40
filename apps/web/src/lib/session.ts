'use client';

import type { LoginResult, Me } from '@carabala/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from './api-client';
import { tokenStore } from './storage';

export const ME_QUERY_KEY = ['get-me'] as const;

/** getMe: null when there is no token; otherwise the user (a 401/403 signs out through the client). */
async function getMe(): Promise<Me | null> {
  if (!tokenStore.get()) return null;
  return api.get<Me>('/me');
}

/** The current-user query of the description: fetched once, never stale, refetched hourly. */
export function useMe() {
  return useQuery({
    queryKey: ME_QUERY_KEY,
    queryFn: getMe,
    staleTime: Infinity,
    refetchOnMount: false,
    refetchOnWindowFocus: false,
    refetchInterval: 3_600_000,
    retry: 0,
  });
}

export function useSession() {
  const queryClient = useQueryClient();
  const me = useMe();

  const signedIn = useCallback(
    async (result: LoginResult) => {
      tokenStore.save(result.accessToken, result.user);
      await queryClient.refetchQueries({ queryKey: ME_QUERY_KEY });
    },
    [queryClient],
  );

  /** Logout is local (the server session is revoked too, best effort). */
  const logout = useCallback(async () => {
    const hadToken = Boolean(tokenStore.get());
    if (hadToken) await api.post('/auth/logout').catch(() => undefined);
    tokenStore.clear();
    await queryClient.refetchQueries({ queryKey: ME_QUERY_KEY });
  }, [queryClient]);

  const user = me.data ?? null;
  return { user, isSignedIn: Boolean(user?.id), isLoading: me.isPending, signedIn, logout };
}
