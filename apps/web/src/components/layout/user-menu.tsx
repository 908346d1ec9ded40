'use client';

import type { Me } from '@carabala/contracts';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useNotifications } from '@/lib/notifications';
import { useVipBadge } from '@/lib/vip-badge';
import { LinkedAccounts } from '../sign-in-slot';
import { NotificationLink, UnreadDot } from '../notifications/what-changed';
import { Avatar } from '../ui/avatar';
import { userMenuLinks } from './nav-items';
import { ChevronDownIcon, LogoutIcon } from '../ui/icons';

/**
 * Desktop user menu (Radix DropdownMenu: arrow keys, Escape and an outside click close it, focus
 * returns to the button): display name with an online dot, the User ID row, what changed, linked
 * sign-ins and logout. Loaded by the header only once a player is signed in; the header holds whether it
 * is open.
 */
export default function UserMenu({
  user,
  onLogout,
  open,
  onOpenChange: setOpen,
}: {
  user: Me;
  onLogout: () => void;
  /** Open, held by the header: the notifications' summary toast opens it too. */
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const t = useTranslations('common');
  const { notifications, markSeen } = useNotifications(user.id);
  // The VIP tier's badge: its own small call, made once the menu is opened (decision 052).
  const vipTier = useVipBadge(user.id, open);

  return (
    <DropdownMenu.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        // Read once the menu that lists them closes.
        if (!next) markSeen();
      }}
      modal={false}
    >
      <DropdownMenu.Trigger className="flex items-center gap-2 rounded-full bg-white/10 py-1 pr-3 pl-1 text-white ring-1 ring-white/20 hover:bg-white/15">
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
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-50 w-72 overflow-hidden rounded-2xl bg-white text-ink shadow-xl ring-1 ring-ink/10"
        >
          <div className="border-b border-ink/10 px-4 py-3">
            <p className="flex items-center justify-between gap-2">
              <span className="truncate font-bold">{user.displayName}</span>
              {vipTier && (
                <span
                  className="shrink-0 rounded-full bg-gold px-2 py-0.5 text-xs font-bold text-ink"
                  data-testid="vip-badge"
                >
                  {t('vip.badge', { tier: vipTier })}
                </span>
              )}
            </p>
            <p className="mt-0.5 flex justify-between text-sm text-ink/70">
              <span>{t('userId')}</span>
              <span className="font-mono font-semibold text-royal">#{user.shortId}</span>
            </p>
          </div>
          {notifications.length > 0 && (
            <div className="space-y-2 border-b border-ink/10 px-4 py-3" data-testid="notifications">
              <p className="text-xs font-bold text-royal uppercase">{t('notifications.title')}</p>
              {notifications.map((item) => (
                // Reached with the arrow keys like the menu's items, and still announced as links.
                <DropdownMenu.Item key={`${item.kind}:${item.targetId}`} asChild role="link">
                  <NotificationLink item={item} />
                </DropdownMenu.Item>
              ))}
            </div>
          )}
          <div className="border-b border-ink/10 px-4 py-3">
            <LinkedAccounts
              action={(button) => (
                // Reachable with the arrow keys like the menu's items; choosing one keeps the menu open.
                <DropdownMenu.Item asChild role="button" onSelect={(event) => event.preventDefault()}>
                  {button}
                </DropdownMenu.Item>
              )}
            />
          </div>
          <div className="border-b border-ink/10 py-1" data-testid="user-menu-links">
            {userMenuLinks.map((link) => (
              <DropdownMenu.Item key={link.href} asChild>
                <Link
                  href={link.href}
                  className="block px-4 py-2.5 text-sm font-semibold outline-none hover:bg-royal/5 data-[highlighted]:bg-royal/5"
                >
                  {t(link.key)}
                </Link>
              </DropdownMenu.Item>
            ))}
          </div>
          {user.role !== 'player' && (
            <DropdownMenu.Item asChild>
              <Link
                href="/admin"
                className="block border-b border-ink/10 px-4 py-3 text-sm font-semibold outline-none hover:bg-royal/5 data-[highlighted]:bg-royal/5"
              >
                {t('console')}
              </Link>
            </DropdownMenu.Item>
          )}
          <DropdownMenu.Item
            onSelect={onLogout}
            className="flex w-full cursor-pointer items-center gap-2 px-4 py-3 text-left text-sm font-semibold text-ruby outline-none hover:bg-ruby/5 data-[highlighted]:bg-ruby/5"
          >
            <LogoutIcon width={18} height={18} />
            {t('logout')}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
