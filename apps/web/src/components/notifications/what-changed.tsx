'use client';

import type { PlayerNotification } from '@carabala/contracts';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useEffect, type ComponentProps } from 'react';
import { notice } from '@/lib/notice';
import { notificationHref, useNotifications } from '@/lib/notifications';
import { useSession } from '@/lib/auth';

// Message keys cannot hold the kind's dot (next-intl reads it as nesting).
const messageKeys = {
  'order.paid': 'orderPaid',
  'order.held': 'orderHeld',
  'ticket.answered': 'ticketAnswered',
} as const;

/** One notification's sentence and link (other props, such as a menu item's, go to the link). */
export function NotificationLink({
  item,
  onNavigate,
  ...props
}: { item: PlayerNotification; onNavigate?: () => void } & Omit<ComponentProps<typeof Link>, 'href'>) {
  const t = useTranslations('common');
  return (
    <Link
      href={notificationHref(item)}
      onClick={onNavigate}
      className="block text-sm font-semibold text-ink outline-none hover:underline focus-visible:underline data-[highlighted]:underline"
      {...props}
    >
      {item.kind === 'order.paid' && item.giftTo
        ? t('notifications.orderPaidGift', { title: item.title, name: item.giftTo })
        : t(`notifications.${messageKeys[item.kind]}`, { title: item.title })}
    </Link>
  );
}

/**
 * The second notification style put to use: when a signed-in player comes back, what changed since
 * their last visit pops up top right, once per tab, each linking to its order or ticket.
 */
export function WhatChangedNotices() {
  const { user } = useSession();
  const { notifications } = useNotifications(user?.id ?? null);
  useEffect(() => {
    if (!user || notifications.length === 0) return;
    const shownKey = `notices_shown:${user.id}`;
    const shown = new Set<string>(JSON.parse(sessionStorage.getItem(shownKey) ?? '[]'));
    for (const item of notifications.slice(0, 5)) {
      const id = `${item.kind}:${item.targetId}:${item.at}`;
      if (shown.has(id)) continue;
      shown.add(id);
      notice(<NotificationLink item={item} />, { id });
    }
    sessionStorage.setItem(shownKey, JSON.stringify([...shown]));
  }, [user, notifications]);
  return null;
}

/** The unread dot beside the user's avatar. */
export function UnreadDot() {
  const t = useTranslations('common');
  return (
    <span data-testid="unread-dot" className="absolute -top-0.5 -right-0.5 size-3 rounded-full bg-ruby ring-2 ring-ink">
      <span className="sr-only">{t('notifications.unread')}</span>
    </span>
  );
}
