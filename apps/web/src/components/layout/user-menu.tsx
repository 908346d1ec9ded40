'use client';

import type { Me } from '@carabala/contracts';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import { useNotifications } from '@/lib/notifications';
import { LinkedAccounts } from '../auth/linked-accounts';
import { NotificationLink, UnreadDot } from '../notifications/what-changed';
import { Avatar } from '../ui/avatar';
import { ChevronDownIcon, LogoutIcon } from '../ui/icons';

/** Desktop user menu: display name with an online dot, the User ID row, linked sign-ins and logout. */
export function UserMenu({ user, onLogout }: { user: Me; onLogout: () => void }) {
  const t = useTranslations('common');
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const { notifications, markSeen } = useNotifications(user.id);
  // Read once the menu that lists them closes.
  const wasOpen = useRef(false);
  useEffect(() => {
    if (wasOpen.current && !open) markSeen();
    wasOpen.current = open;
  }, [open, markSeen]);

  useEffect(() => {
    if (!open) return;
    const close = (event: MouseEvent | KeyboardEvent) => {
      if (event instanceof KeyboardEvent ? event.key === 'Escape' : !root.current?.contains(event.target as Node)) {
        setOpen(false);
      }
    };
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);

  return (
    <div ref={root} className="relative">
      <button
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen((value) => !value)}
        className="flex items-center gap-2 rounded-full bg-white/10 py-1 pr-3 pl-1 text-white ring-1 ring-white/20 hover:bg-white/15"
      >
        <span className="relative">
          <Avatar avatar={user.avatar} displayName={user.displayName} size={32} />
          <span
            className="absolute right-0 bottom-0 size-2.5 rounded-full bg-leaf ring-2 ring-ink"
            title={t('online')}
          />
          {notifications.length > 0 && <UnreadDot />}
        </span>
        <span data-testid="user-display-name" className="max-w-40 truncate text-sm font-bold">
          {user.displayName}
        </span>
        <ChevronDownIcon width={16} height={16} />
      </button>
      {open && (
        <div
          role="menu"
          className="absolute right-0 mt-2 w-72 overflow-hidden rounded-2xl bg-white text-ink shadow-xl ring-1 ring-ink/10"
        >
          <div className="border-b border-ink/10 px-4 py-3">
            <p className="truncate font-bold">{user.displayName}</p>
            <p className="mt-0.5 flex justify-between text-sm text-ink/70">
              <span>{t('userId')}</span>
              <span className="font-mono font-semibold text-royal">#{user.shortId}</span>
            </p>
          </div>
          {notifications.length > 0 && (
            <div className="space-y-2 border-b border-ink/10 px-4 py-3" data-testid="notifications">
              <p className="text-xs font-bold text-royal uppercase">{t('notifications.title')}</p>
              {notifications.map((item) => (
                <NotificationLink key={`${item.kind}:${item.targetId}`} item={item} onNavigate={() => setOpen(false)} />
              ))}
            </div>
          )}
          <div className="border-b border-ink/10 px-4 py-3">
            <LinkedAccounts />
          </div>
          {user.role !== 'player' && (
            <Link
              href="/admin"
              role="menuitem"
              onClick={() => setOpen(false)}
              className="block border-b border-ink/10 px-4 py-3 text-sm font-semibold hover:bg-royal/5"
            >
              {t('console')}
            </Link>
          )}
          <button
            type="button"
            role="menuitem"
            onClick={() => {
              setOpen(false);
              onLogout();
            }}
            className="flex w-full items-center gap-2 px-4 py-3 text-left text-sm font-semibold text-ruby hover:bg-ruby/5"
          >
            <LogoutIcon width={18} height={18} />
            {t('logout')}
          </button>
        </div>
      )}
    </div>
  );
}
