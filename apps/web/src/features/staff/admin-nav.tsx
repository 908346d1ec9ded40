'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useTranslations } from 'next-intl';

export const adminSections = [
  { href: '/admin', key: 'overview' },
  { href: '/admin/transactions', key: 'transactions' },
  { href: '/admin/bank-payments', key: 'bankPayments' },
  { href: '/admin/reports', key: 'reports' },
  { href: '/admin/deliveries', key: 'deliveries' },
  { href: '/admin/gift-codes', key: 'giftCodes' },
  { href: '/admin/tickets', key: 'tickets' },
  { href: '/admin/news', key: 'news' },
  { href: '/admin/players', key: 'players' },
  { href: '/admin/audit', key: 'audit' },
  { href: '/admin/security', key: 'security' },
] as const;

/** Side navigation on a laptop, a scrolling strip of tabs on a phone. */
export function AdminNav() {
  const t = useTranslations('admin.nav');
  const pathname = usePathname();
  return (
    <nav aria-label={t('label')} className="md:w-52 md:shrink-0">
      <ul className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-2 md:mx-0 md:flex-col md:gap-1 md:px-0">
        {adminSections.map((section) => {
          const active = section.href === '/admin' ? pathname === '/admin' : pathname.startsWith(section.href);
          return (
            <li key={section.href} className="shrink-0">
              <Link
                href={section.href}
                aria-current={active ? 'page' : undefined}
                className={`block rounded-xl px-3 py-2 text-sm font-semibold whitespace-nowrap ${
                  active ? 'bg-royal text-white' : 'bg-white text-ink ring-1 ring-ink/10 hover:bg-royal/5'
                }`}
              >
                {t(section.key)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
