'use client';

import type { Me } from '@carabala/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api, isTransient } from './api-client';
import { retryDelay, retryRead } from './query-client';
import { tokenStore } from './storage';

export const ME_QUERY_KEY = ['get-me'] as const;

/**
 * getMe: null when there is no token; otherwise the user, also kept as the stored user record (a
 * 401/403 signs out through the client). The answer is read without its contracts schema: every
 * page's header asks it, and zod stays out of the first load (decision record 022, amended).
 */
async function getMe(): Promise<Me | null> {
  const token = tokenStore.get();
  if (!token) return null;
  const me = await api.get<Me>('/me');
  if (tokenStore.get() === token) tokenStore.saveUser(me);
  return me;
}

/**
 * The current-user query of the description: fetched once, never stale, refetched hourly. While the
 * API is away or busy it is tried again after the server's `Retry-After`, a few times.
 */
export function useMe() {
  return useQuery({
    queryKey: ME_QUERY_KEY,
    queryFn: getMe,
    staleTime: Infinity,
    refetchOnMount: false,
    refetchOnWindowFocus: false,
    refetchInterval: 3_600_000,
    retry: retryRead,
    retryDelay,
  });
}

/**
 * The session as the rest of the web sees it: who is signed in, whether that is known yet, and
 * logout. Signing in (the dialog, the social sign-ins, linking) lives in features/auth.
 */
export function useSession() {
  const queryClient = useQueryClient();
  const me = useMe();

  /** Logout is local (the server session is revoked too, best effort). */
  const logout = useCallback(async () => {
    const hadToken = Boolean(tokenStore.get());
    if (hadToken) await api.post('/auth/logout').catch(() => undefined);
    tokenStore.clear();
    await queryClient.refetchQueries({ queryKey: ME_QUERY_KEY });
  }, [queryClient]);

  // The API being away or busy says nothing about the session: until it answers, the player is the one
  // this browser signed in (the stored user record). Only a 401/403 signs out (it sets the data to null).
  const away = me.data === undefined && isTransient(me.error ?? me.failureReason);
  const user = (away ? tokenStore.user() : me.data) ?? null;
  return { user, isSignedIn: Boolean(user?.id), isLoading: me.isPending && !(away && user), logout };
}
