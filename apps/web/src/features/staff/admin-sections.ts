import type { Permission } from '@carabala/contracts/permissions';

/**
 * The console's sections and the permission each needs to be shown (decision record 028). A page
 * under a section's path needs that permission too; "Phiên đăng nhập" and "Bảo mật tài khoản" are every staff member's own.
 */
type SectionPermission = Permission | readonly Permission[] | null;

export const adminSections: readonly { href: string; key: string; permission: SectionPermission }[] = [
  { href: '/admin', key: 'overview', permission: 'overview.read' },
  { href: '/admin/approvals', key: 'approvals', permission: 'approvals.read' },
  { href: '/admin/transactions', key: 'transactions', permission: 'orders.read' },
  { href: '/admin/bank-payments', key: 'bankPayments', permission: 'payments.read' },
  { href: '/admin/reports', key: 'reports', permission: 'reports.read' },
  { href: '/admin/analytics', key: 'analytics', permission: 'reports.read' },
  { href: '/admin/deliveries', key: 'deliveries', permission: 'deliveries.read' },
  { href: '/admin/emails', key: 'emails', permission: 'emails.read' },
  { href: '/admin/gift-codes', key: 'giftCodes', permission: 'gift-codes.read' },
  { href: '/admin/tickets', key: 'tickets', permission: 'tickets.read' },
  { href: '/admin/news', key: 'news', permission: 'news.write' },
  { href: '/admin/catalogue', key: 'catalogue', permission: 'catalogue.write' },
  { href: '/admin/promotions', key: 'promotions', permission: 'catalogue.write' },
  { href: '/admin/vip', key: 'vip', permission: 'catalogue.write' },
  { href: '/admin/checkin', key: 'checkin', permission: 'catalogue.write' },
  // Content keeps the shop and the rate, support reads a player's points, finance adjusts them.
  { href: '/admin/points', key: 'points', permission: ['catalogue.write', 'players.read', 'orders.mark'] },
  { href: '/admin/home', key: 'home', permission: 'home.write' },
  { href: '/admin/preview', key: 'preview', permission: 'catalogue.write' },
  { href: '/admin/players', key: 'players', permission: 'players.read' },
  { href: '/admin/audit', key: 'audit', permission: 'audit.read' },
  { href: '/admin/health', key: 'health', permission: 'health.read' },
  { href: '/admin/sessions', key: 'sessions', permission: null },
  { href: '/admin/security', key: 'security', permission: null },
];

/** The section a console path belongs to: the longest matching prefix (the overview only at /admin). */
export function sectionOf(pathname: string) {
  return adminSections
    .filter((section) =>
      section.href === '/admin'
        ? pathname === '/admin'
        : pathname === section.href || pathname.startsWith(`${section.href}/`),
    )
    .at(0);
}

/** Whether a staff member may open a section: none needed, or any one of its permissions. */
export const mayOpen = (permission: SectionPermission | undefined, allowed: (permission: Permission) => boolean) =>
  !permission || (typeof permission === 'string' ? allowed(permission) : permission.some(allowed));
