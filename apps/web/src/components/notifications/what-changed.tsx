'use client';

import type { PlayerNotification } from '@carabala/contracts';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import type { ComponentProps } from 'react';
import { formatVnd } from '@/lib/format';
import { notificationHref } from '@/lib/notifications';

/** One notification's sentence: what changed, and for money held, how much and what to do. */
export function useNotificationSentence() {
  const t = useTranslations('common');
  return (item: PlayerNotification): string => {
    const amount = item.held ? formatVnd(item.held.amount) : '';
    if (item.kind === 'ticket.answered') return t('notifications.ticketAnswered', { title: item.title });
    if (item.kind === 'order.refunded') {
      return t('notifications.orderRefunded', {
        title: item.title,
        amount: formatVnd(item.refund?.amount ?? 0),
        reference: item.refund?.reference ?? '',
      });
    }
    if (item.kind === 'order.held') {
      const reason = item.held?.reason;
      if (reason === 'overpaid') return t('notifications.heldOverpaid', { title: item.title, amount });
      if (reason === 'late') return t('notifications.heldLate', { title: item.title, amount });
      return t('notifications.orderHeld', { title: item.title, amount });
    }
    const paid = item.giftTo
      ? t('notifications.orderPaidGift', { title: item.title, name: item.giftTo })
      : t('notifications.orderPaid', { title: item.title });
    return item.held ? `${paid} ${t('notifications.surplus', { amount })}` : paid;
  };
}

/** One notification's sentence and link (other props, such as a menu item's, go to the link). */
export function NotificationLink({
  item,
  onNavigate,
  ...props
}: { item: PlayerNotification; onNavigate?: () => void } & Omit<ComponentProps<typeof Link>, 'href'>) {
  const sentence = useNotificationSentence();
  return (
    <Link
      href={notificationHref(item)}
      onClick={onNavigate}
      className="block text-sm font-semibold text-ink outline-none hover:underline focus-visible:underline data-[highlighted]:underline"
      {...props}
    >
      {sentence(item)}
    </Link>
  );
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
