'use client';

import Image from 'next/image';
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { publicConfig } from '@/config';
import { useSession } from '@/lib/session';
import { useMounted } from '@/lib/use-media-query';
import { LinkedAccounts } from '../auth/linked-accounts';
import { LoginDialog } from '../auth/login-dialog';
import { Button } from '../ui/button';
import { CloseIcon, MenuIcon } from '../ui/icons';
import { useNotifications } from '@/lib/notifications';
import { NotificationLink, UnreadDot, WhatChangedNotices } from '../notifications/what-changed';
import { isActive, navItems, type NavItem } from './nav-items';
import { UserMenu } from './user-menu';

function NavLink({
  item,
  active,
  onNavigate,
  className,
}: {
  item: NavItem;
  active: boolean;
  onNavigate?: () => void;
  className: string;
}) {
  const t = useTranslations('common');
  if (item.external) {
    return (
      <a href={item.href} target="_blank" rel="noopener noreferrer" onClick={onNavigate} className={className}>
        {item.fixedLabel ?? t(item.key)}
      </a>
    );
  }
  return (
    <Link href={item.href} onClick={onNavigate} aria-current={active ? 'page' : undefined} className={className}>
      {item.fixedLabel ?? t(item.key)}
    </Link>
  );
}

export function Header() {
  const t = useTranslations('common');
  const pathname = usePathname();
  const mounted = useMounted();
  const { user, isSignedIn, isLoading, logout } = useSession();
  // Until the current user is known, show neither the login button nor the user menu.
  const known = mounted && !isLoading;
  const [menuOpen, setMenuOpen] = useState(false);
  const { notifications, markSeen } = useNotifications(known && user ? user.id : null);
  const closeMenu = () => {
    setMenuOpen(false);
    // The open menu listed them: they are read.
    markSeen();
  };
  const items = navItems(mounted && isSignedIn, publicConfig.communityUrl);

  useEffect(() => {
    document.body.style.overflow = menuOpen ? 'hidden' : '';
  }, [menuOpen]);

  const logo = (
    <Link href="/" aria-label={t('home')} className="shrink-0">
      <Image
        src="/brand/logo.svg"
        alt={publicConfig.brand}
        width={150}
        height={44}
        priority
        className="h-10 w-auto md:h-11"
      />
    </Link>
  );

  return (
    <header className="bg-starfield sticky top-0 z-40 border-b-2 border-gold/60 text-white shadow-lg">
      {known && isSignedIn && <WhatChangedNotices />}
      {/* Desktop */}
      <div className="mx-auto hidden h-18 max-w-7xl items-center gap-6 px-6 md:flex">
        {logo}
        <nav aria-label="Điều hướng chính" className="mx-auto">
          <ul className="flex items-center gap-1 rounded-full bg-black/30 p-1 ring-1 ring-white/15">
            {items.map((item) => {
              const active = !item.external && isActive(pathname, item.href);
              return (
                <li key={item.key}>
                  <NavLink
                    item={item}
                    active={active}
                    className={`block rounded-full px-4 py-2 text-sm font-bold whitespace-nowrap transition ${
                      active
                        ? 'bg-gradient-to-b from-gold to-gold-deep text-ink shadow'
                        : 'text-white/85 hover:bg-white/10 hover:text-white'
                    }`}
                  />
                </li>
              );
            })}
          </ul>
        </nav>
        <div className="flex min-w-36 justify-end">
          {known &&
            (user ? (
              <UserMenu user={user} onLogout={logout} />
            ) : (
              <LoginDialog trigger={(open) => <Button onClick={open}>{t('login')}</Button>} />
            ))}
        </div>
      </div>

      {/* Mobile */}
      <div className="flex h-14 items-center gap-2 px-3 md:hidden">
        {logo}
        <div className="ml-auto flex items-center gap-1.5">
          {known && isSignedIn && (
            <Link href="/store" aria-label={t('storeShortcut')} className="rounded-full p-0.5">
              <Image src="/brand/icon-store.svg" alt="" width={36} height={36} />
            </Link>
          )}
          {known && !isSignedIn && (
            <LoginDialog
              trigger={(open) => (
                <button type="button" onClick={open} aria-label={t('login')} className="rounded-full p-0.5">
                  <Image src="/brand/icon-login.svg" alt="" width={36} height={36} />
                </button>
              )}
            />
          )}
          <Link href="/gift-code" aria-label={t('giftShortcut')} className="rounded-full p-0.5">
            <Image src="/brand/icon-gift.svg" alt="" width={36} height={36} />
          </Link>
          <button
            type="button"
            aria-label={t('openMenu')}
            aria-expanded={menuOpen}
            onClick={() => setMenuOpen(true)}
            className="relative rounded-full p-2 ring-1 ring-white/25"
          >
            <MenuIcon />
            {notifications.length > 0 && <UnreadDot />}
          </button>
        </div>
      </div>

      {menuOpen && (
        <div
          role="dialog"
          aria-modal="true"
          aria-label="Menu"
          className="bg-starfield fixed inset-0 z-50 flex flex-col overflow-y-auto px-6 py-4 md:hidden"
        >
          <div className="flex items-center justify-between">
            {logo}
            <button
              type="button"
              aria-label={t('closeMenu')}
              onClick={closeMenu}
              className="rounded-full p-2 ring-1 ring-white/25"
            >
              <CloseIcon />
            </button>
          </div>
          {user && (
            <p className="mt-6 text-center text-lg font-bold text-gold" data-testid="mobile-display-name">
              {user.displayName} <span className="font-mono text-sm text-white/70">#{user.shortId}</span>
            </p>
          )}
          <nav aria-label="Điều hướng chính" className="mt-6 flex-1">
            <ul className="space-y-2 text-center">
              {items.map((item) => {
                const active = !item.external && isActive(pathname, item.href);
                return (
                  <li key={item.key}>
                    <NavLink
                      item={item}
                      active={active}
                      onNavigate={() => setMenuOpen(false)}
                      className={`block rounded-2xl py-3 text-lg font-bold ${active ? 'bg-gold text-ink' : 'bg-white/5 text-white'}`}
                    />
                  </li>
                );
              })}
            </ul>
          </nav>
          {user && notifications.length > 0 && (
            <div className="mb-4 space-y-2 rounded-2xl bg-white p-4" data-testid="notifications">
              <p className="text-xs font-bold text-royal uppercase">{t('notifications.title')}</p>
              {notifications.map((item) => (
                <NotificationLink key={`${item.kind}:${item.targetId}`} item={item} onNavigate={closeMenu} />
              ))}
            </div>
          )}
          {user && (
            <div className="mb-4 rounded-2xl bg-white/5 p-4 text-white">
              <LinkedAccounts tone="dark" />
            </div>
          )}
          <div className="space-y-2 pb-4">
            {user && user.role !== 'player' && (
              <Link
                href="/admin"
                onClick={() => setMenuOpen(false)}
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
                  setMenuOpen(false);
                  void logout();
                }}
              >
                {t('logout')}
              </Button>
            ) : (
              <LoginDialog
                onSuccess={() => setMenuOpen(false)}
                trigger={(open) => (
                  <Button className="w-full py-3" onClick={open}>
                    {t('login')}
                  </Button>
                )}
              />
            )}
          </div>
        </div>
      )}
    </header>
  );
}
