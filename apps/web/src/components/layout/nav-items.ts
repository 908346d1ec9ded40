export interface NavItem {
  key: 'NAV_01' | 'NAV_02' | 'NAV_03' | 'NAV_04' | 'NAV_05' | 'NAV_COMMUNITY';
  href: string;
  external?: boolean;
  /** A label that does not follow the locale. */
  fixedLabel?: string;
}

/** Community is a navigation entry with a fixed Vietnamese label, in every locale. */
export const COMMUNITY_LABEL = 'Cộng đồng';

/** The navigation order of the description; /store is inserted third when signed in. */
export function navItems(signedIn: boolean, communityUrl: string): NavItem[] {
  return [
    { key: 'NAV_01', href: '/' },
    { key: 'NAV_02', href: '/news' },
    ...(signedIn ? [{ key: 'NAV_05' as const, href: '/store' }] : []),
    { key: 'NAV_04', href: '/gift-code' },
    { key: 'NAV_COMMUNITY', href: communityUrl, external: true, fixedLabel: COMMUNITY_LABEL },
    { key: 'NAV_03', href: '/supports' },
  ];
}

export function isActive(pathname: string, href: string): boolean {
  return href === '/' ? pathname === '/' : pathname === href || pathname.startsWith(`${href}/`);
}

/** The signed-in player's own pages, in both user menus (labels in `common`). */
export const userMenuLinks = [
  { href: '/notifications', key: 'notificationInbox' },
  { href: '/store/history', key: 'orderHistory' },
  { href: '/points', key: 'points' },
  { href: '/supports/my-tickets', key: 'myTickets' },
  { href: '/account/phone', key: 'phoneVerification' },
  { href: '/vip', key: 'vip.menuLink' },
] as const;
