'use client';

import type { PlayerNotification } from '@carabala/contracts';
import { packOfProduct } from '@carabala/contracts/catalogue';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from './api-client';

/** localStorage: when this player last read their notifications on this device. */
const seenKey = (userId: string) => `notices_seen_at:${userId}`;
export const notificationsKey = (userId: string) => ['notifications', userId] as const;

/** What changed since the player's last visit; a first visit on this device starts the clock. */
export function useNotifications(userId: string | null) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: notificationsKey(userId ?? ''),
    enabled: Boolean(userId),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    retry: 0,
    queryFn: async () => {
      const since = localStorage.getItem(seenKey(userId!));
      if (!since) {
        localStorage.setItem(seenKey(userId!), new Date().toISOString());
        return [];
      }
      return api.get<PlayerNotification[]>(`/me/notifications?since=${encodeURIComponent(since)}`);
    },
  });
  const markSeen = useCallback(() => {
    if (!userId) return;
    localStorage.setItem(seenKey(userId), new Date().toISOString());
    queryClient.setQueryData(notificationsKey(userId), []);
  }, [queryClient, userId]);
  return { notifications: query.data ?? [], markSeen };
}

/** Where a notification leads: the order's state in the store, or the ticket. */
export function notificationHref(item: PlayerNotification): string {
  if (item.kind === 'ticket.answered') return `/supports/my-tickets/${item.targetId}`;
  const tab = packOfProduct(item.productId ?? 0)?.tab ?? 'tieu-bieu';
  return `/store?tab=${tab}&productId=${item.productId}&transactionId=${item.targetId}`;
}
