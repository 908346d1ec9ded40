'use client';

import type { Me } from '@carabala/contracts';
import * as Dialog from '@radix-ui/react-dialog';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { useNotifications } from '@/lib/notifications';
import { useVipBadge } from '@/lib/vip-badge';
import { LinkedAccounts, LoginDialog } from '../sign-in-slot';
import { Button } from '../ui/button';
import { CloseIcon } from '../ui/icons';
import { NotificationLink } from '../notifications/what-changed';
import { userMenuLinks } from './nav-items';
import { NavLinks } from './nav-links';

/**
 * The full-screen menu of narrow screens (Radix Dialog: focus stays inside, Escape closes it, the page
 * behind does not scroll). Loaded by the header the first time it is opened.
 */
export default function MobileMenu({
  open,
  onOpenChange,
  logo,
  user,
  onLogout,
  returnFocus,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Gives the focus back to the button that opened the menu, once it closes. */
  returnFocus: () => void;
  logo: ReactNode;
  user: Me | null;
  onLogout: () => void;
}) {
  const t = useTranslations('common');
  const { notifications } = useNotifications(user?.id ?? null);
  const close = () => onOpenChange(false);
  // The VIP tier's badge: its own small call, made once the menu is opened (decision 052).
  const vipTier = useVipBadge(user?.id ?? '', open && Boolean(user));
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Content
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocus();
          }}
          className="bg-starfield fixed inset-0 z-50 flex flex-col overflow-y-auto px-6 py-4 text-white md:hidden"
        >
          <Dialog.Title className="sr-only">Menu</Dialog.Title>
          <div className="flex items-center justify-between">
            {logo}
            <Dialog.Close aria-label={t('closeMenu')} className="rounded-full p-2 ring-1 ring-white/25">
              <CloseIcon />
            </Dialog.Close>
          </div>
          {user && (
            <p className="mt-6 text-center text-lg font-bold text-gold" data-testid="mobile-display-name">
              {user.displayName} <span className="font-mono text-sm text-white/70">#{user.shortId}</span>
              {vipTier && (
                <span className="ml-2 rounded-full bg-gold px-2 py-0.5 text-xs text-ink" data-testid="vip-badge">
                  {t('vip.badge', { tier: vipTier })}
                </span>
              )}
            </p>
          )}
          <nav aria-label={t('mainNav')} className="mt-6 flex-1">
            <NavLinks
              signedIn={Boolean(user)}
              onNavigate={close}
              listClassName="space-y-2 text-center"
              linkClassName={(active) =>
                `block rounded-2xl py-3 text-lg font-bold ${active ? 'bg-gold text-ink' : 'bg-white/5 text-white'}`
              }
            />
          </nav>
          {user && notifications.length > 0 && (
            <div className="mb-4 space-y-2 rounded-2xl bg-white p-4" data-testid="notifications">
              <p className="text-xs font-bold text-royal uppercase">{t('notifications.title')}</p>
              {notifications.map((item) => (
                <NotificationLink key={`${item.kind}:${item.targetId}`} item={item} onNavigate={close} />
              ))}
            </div>
          )}
          {user && (
            <div className="mb-4 rounded-2xl bg-white/5 p-4 text-white">
              <LinkedAccounts tone="dark" />
            </div>
          )}
          {user && (
            <ul className="mb-4 space-y-2" data-testid="mobile-user-links">
              {userMenuLinks.map((link) => (
                <li key={link.href}>
                  <Link
                    href={link.href}
                    onClick={close}
                    className="block rounded-2xl bg-white/10 py-3 text-center font-bold text-white"
                  >
                    {t(link.key)}
                  </Link>
                </li>
              ))}
            </ul>
          )}
          <div className="space-y-2 pb-4">
            {user && user.role !== 'player' && (
              <Link
                href="/admin"
                onClick={close}
                className="block rounded-2xl bg-white/10 py-3 text-center font-bold text-white"
              >
                {t('console')}
              </Link>
            )}
            {user ? (
              <Button
                variant="secondary"
                className="w-full py-3"
                onClick={() => {
                  close();
                  onLogout();
                }}
              >
                {t('logout')}
              </Button>
            ) : (
              <LoginDialog
                onSuccess={close}
                trigger={(openDialog) => (
                  <Button className="w-full py-3" onClick={openDialog}>
                    {t('login')}
                  </Button>
                )}
              />
            )}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
