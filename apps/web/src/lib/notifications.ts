'use client';

import type { NotificationInbox, NotificationsSeen, PlayerNotification } from '@carabala/contracts';
import { DEFAULT_STORE_TAB } from '@carabala/contracts/catalogue';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from './api-client';

export const notificationsKey = (userId: string) => ['notifications', userId] as const;

/** The lists (account and newest item) whose "seen" time this tab already moved: one POST per list. */
const acknowledged = new Set<string>();

/**
 * What changed since the player last saw their notifications. The server keeps that time on the
 * account, so every tab and device agrees; read as its contracts type, without zod (decision 022).
 */
export function useNotifications(userId: string | null) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: notificationsKey(userId ?? ''),
    enabled: Boolean(userId),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    retry: 0,
    queryFn: () => api.get<PlayerNotification[]>('/me/notifications'),
  });
  /**
   * The player was shown what changed (the summary toast): the account's "seen" time moves, so no
   * other tab or device shows it again; this tab keeps its list (and the unread dot) until it is read.
   */
  const acknowledge = useCallback(async () => {
    const newest = userId && queryClient.getQueryData<PlayerNotification[]>(notificationsKey(userId))?.[0];
    if (!newest) return;
    const list = `${userId}:${newest.at}`;
    if (acknowledged.has(list)) return;
    acknowledged.add(list);
    await api.post<NotificationsSeen>('/me/notifications/seen').catch(() => acknowledged.delete(list));
  }, [queryClient, userId]);
  /** The list was read (the menu that lists them closed): seen on the server, and gone from this tab. */
  const markSeen = useCallback(() => {
    if (!userId || !queryClient.getQueryData<PlayerNotification[]>(notificationsKey(userId))?.length) return;
    void acknowledge();
    queryClient.setQueryData(notificationsKey(userId), []);
  }, [acknowledge, queryClient, userId]);
  return { notifications: query.data ?? [], acknowledge, markSeen };
}

/** Where a notification leads: the order's state in the store, or the ticket. */
export function notificationHref(item: PlayerNotification): string {
  if (item.kind === 'ticket.answered') return `/supports/my-tickets/${item.targetId}`;
  // Every tab's page holds every pack, so the dialog opens from the first tab whatever the pack's.
  return `/store?tab=${DEFAULT_STORE_TAB}&productId=${item.productId}&transactionId=${item.targetId}`;
}

/** How many of each kind, for the summary: "3 thay đổi từ lần trước: 2 đơn đã giao, 1 yêu cầu…". */
export function countByKind(items: PlayerNotification[]) {
  const counts = { paid: 0, held: 0, refunded: 0, answered: 0 };
  for (const item of items) {
    if (item.kind === 'order.paid') counts.paid += 1;
    else if (item.kind === 'order.held') counts.held += 1;
    else if (item.kind === 'order.refunded') counts.refunded += 1;
    else counts.answered += 1;
  }
  return counts;
}

export const inboxKey = (userId: string) => ['notifications', userId, 'inbox'] as const;

/** The last 90 days of notifications, read or unread (GET /me/notifications/inbox), as its contracts type. */
export function useNotificationInbox(userId: string | null) {
  return useQuery({
    queryKey: inboxKey(userId ?? ''),
    enabled: Boolean(userId),
    queryFn: () => api.get<NotificationInbox>('/me/notifications/inbox'),
  });
}
