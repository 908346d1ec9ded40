'use client';

import dynamic from 'next/dynamic';
import Image from 'next/image';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useRef, useState } from 'react';
import { publicConfig } from '@/config';
import { useNotifications } from '@/lib/notifications';
import { useSession } from '@/lib/auth';
import { useMounted } from '@/lib/use-mounted';
import { LoginDialog } from '../sign-in-slot';
import { Button } from '../ui/button';
import { MenuIcon } from '../ui/icons';
import { UnreadDot } from '../notifications/what-changed';
import { NavLinks } from './nav-links';

// Neither menu is part of the first load: the user menu and the summary of what changed come once a
// player is known to be signed in, the mobile menu the first time it is opened.
const UserMenu = dynamic(() => import('./user-menu'), { ssr: false });
const MobileMenu = dynamic(() => import('./mobile-menu'), { ssr: false });
const WhatChangedToast = dynamic(
  () => import('../notifications/summary-toast').then((module) => module.WhatChangedToast),
  { ssr: false },
);

export function Header() {
  const t = useTranslations('common');
  const mounted = useMounted();
  const { user, isSignedIn, isLoading, logout } = useSession();
  // Until the current user is known, show neither the login button nor the user menu.
  const known = mounted && !isLoading;
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuLoaded, setMenuLoaded] = useState(false);
  const [userMenuOpen, setUserMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const { notifications, markSeen } = useNotifications(known && user ? user.id : null);
  const openMobileMenu = () => {
    setMenuLoaded(true);
    setMenuOpen(true);
  };
  // The summary toast opens the list: the user menu on wide screens, the mobile menu on phones.
  const openNotifications = () => {
    if (window.matchMedia('(min-width: 768px)').matches) setUserMenuOpen(true);
    else openMobileMenu();
  };

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
      {known && user && <WhatChangedToast userId={user.id} onOpenList={openNotifications} />}
      {/* Desktop */}
      <div className="mx-auto hidden h-18 max-w-7xl items-center gap-6 px-6 md:flex">
        {logo}
        <nav aria-label={t('mainNav')} className="mx-auto">
          <NavLinks
            signedIn={mounted && isSignedIn}
            listClassName="flex items-center gap-1 rounded-full bg-black/30 p-1 ring-1 ring-white/15"
            linkClassName={(active) => (active ? 'nav-link nav-link-on' : 'nav-link')}
          />
        </nav>
        <div className="flex min-w-36 justify-end">
          {known &&
            (user ? (
              <UserMenu user={user} onLogout={logout} open={userMenuOpen} onOpenChange={setUserMenuOpen} />
            ) : (
              <LoginDialog trigger={(open) => <Button onClick={open}>{t('login')}</Button>} />
            ))}
        </div>
      </div>

      {/* Mobile */}
      <div className="flex h-14 items-center gap-2 px-3 md:hidden">
        {logo}
        <div className="ml-auto flex items-center gap-1.5">
          {/* The store or the login icon's place until the session is known (the login icon, seen at once, with no session). */}
          {!known && (
            <span className="invisible block rounded-full p-0.5 session-out:visible" aria-hidden="true">
              <Image src="/brand/icon-login.svg" alt="" width={36} height={36} />
            </span>
          )}
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
            ref={menuButton}
            type="button"
            aria-label={t('openMenu')}
            aria-expanded={menuOpen}
            aria-haspopup="dialog"
            onClick={openMobileMenu}
            className="relative rounded-full p-2 ring-1 ring-white/25"
          >
            <MenuIcon />
            {notifications.length > 0 && <UnreadDot />}
          </button>
        </div>
      </div>

      {menuLoaded && (
        <MobileMenu
          open={menuOpen}
          onOpenChange={(open) => {
            setMenuOpen(open);
            // The open menu listed them: they are read.
            if (!open) markSeen();
          }}
          logo={logo}
          user={known ? user : null}
          onLogout={() => void logout()}
          returnFocus={() => menuButton.current?.focus()}
        />
      )}
    </header>
  );
}
