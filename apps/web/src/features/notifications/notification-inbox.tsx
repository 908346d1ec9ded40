'use client';

import type { NotificationInbox as Inbox, NotificationsSeen } from '@carabala/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import Link from 'next/link';
import { useNotificationSentence } from '@/components/notifications/what-changed';
import { LoginGate } from '@/components/sign-in-slot';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useSession } from '@/lib/auth';
import { formatVietnamTime } from '@/lib/format';
import { api } from '@/lib/api-client';
import { inboxKey, notificationHref, notificationsKey, useNotificationInbox } from '@/lib/notifications';

type Item = Inbox['items'][number];

function Delivery({ item }: { item: Item }) {
  const t = useTranslations('common');
  if (item.kind !== 'order.paid' || !item.delivery) return null;
  const text =
    item.delivery === 'delivered'
      ? t('notifications.inboxDelivered', { at: formatVietnamTime(item.deliveredAt ?? item.at) })
      : item.delivery === 'pending'
        ? t('notifications.inboxDelivering')
        : t('notifications.inboxDeliveryFailed');
  return <p className="mt-1 text-sm text-ink/70">{text}</p>;
}

function Row({ item }: { item: Item }) {
  const t = useTranslations('common');
  const sentence = useNotificationSentence();
  return (
    <li
      className={`rounded-2xl p-4 ring-1 ${item.unread ? 'bg-white ring-royal/30' : 'bg-white/70 ring-ink/10'}`}
      data-unread={item.unread ? 'true' : 'false'}
    >
      <div className="flex items-start gap-3">
        <span
          aria-hidden
          className={`mt-1.5 size-2.5 shrink-0 rounded-full ${item.unread ? 'bg-ruby' : 'bg-transparent'}`}
        />
        <div className="min-w-0 flex-1">
          <Link href={notificationHref(item)} className="font-semibold break-words text-ink hover:underline">
            {sentence(item)}
          </Link>
          <Delivery item={item} />
          <p className="mt-1 flex flex-wrap gap-x-2 text-xs text-ink/60">
            <time dateTime={item.at}>{formatVietnamTime(item.at)}</time>
            {item.unread && <span className="font-bold text-ruby-ink">{t('notifications.inboxUnread')}</span>}
          </p>
        </div>
      </div>
    </li>
  );
}

function InboxList() {
  const t = useTranslations('common');
  const { user } = useSession();
  const queryClient = useQueryClient();
  const inbox = useNotificationInbox(user?.id ?? null);
  if (inbox.isError) {
    return (
      <div className="text-center">
        <p className="text-ink/70">{t('notifications.inboxError')}</p>
        <Button className="mt-3" onClick={() => inbox.refetch()}>
          {t('notifications.retry')}
        </Button>
      </div>
    );
  }
  if (!inbox.data || !user) {
    return (
      <div className="flex justify-center py-10">
        <Spinner className="size-8 text-royal" />
      </div>
    );
  }
  const { items } = inbox.data;
  if (items.length === 0) return <p className="text-center text-ink/70">{t('notifications.inboxEmpty')}</p>;
  const unread = items.some((item) => item.unread);
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4" data-testid="notification-inbox">
      {unread && (
        <Button
          variant="outline"
          className="self-end"
          onClick={async () => {
            await api.post<NotificationsSeen>('/me/notifications/seen');
            queryClient.setQueryData(notificationsKey(user.id), []);
            await queryClient.invalidateQueries({ queryKey: inboxKey(user.id) });
          }}
        >
          {t('notifications.inboxMarkRead')}
        </Button>
      )}
      <ul className="flex flex-col gap-3">
        {items.map((item) => (
          <Row key={`${item.kind}:${item.targetId}:${item.at}`} item={item} />
        ))}
      </ul>
    </div>
  );
}

/** The signed-in player's notifications of the last 90 days, newest first, the unread ones marked. */
export function NotificationInbox() {
  const t = useTranslations('common');
  return (
    <LoginGate text={t('notifications.inboxGate')}>
      <InboxList />
    </LoginGate>
  );
}
