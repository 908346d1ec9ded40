'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useEffect, useRef } from 'react';
import { useCan } from '@/lib/permissions';
import { adminSections, mayOpen } from './admin-sections';
import { usePendingApprovalCount } from './api/staff';

/** Side navigation on a laptop, a scrolling strip of tabs on a phone: only the sections the role may use. */
export function AdminNav() {
  const t = useTranslations('admin.nav');
  const pathname = usePathname();
  const allowed = useCan();
  const { data: pending = 0 } = usePendingApprovalCount(allowed('approvals.read'));
  const current = useRef<HTMLAnchorElement>(null);
  // On a phone the sections are a strip wider than the screen: the current one is brought into view.
  useEffect(() => {
    current.current?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [pathname]);
  return (
    <nav aria-label={t('label')} className="md:w-52 md:shrink-0">
      <ul className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-2 md:mx-0 md:flex-col md:gap-1 md:px-0">
        {adminSections
          .filter(({ permission }) => mayOpen(permission, allowed))
          .map((section) => {
            const active = section.href === '/admin' ? pathname === '/admin' : pathname.startsWith(section.href);
            return (
              <li key={section.href} className="shrink-0">
                <Link
                  ref={active ? current : undefined}
                  href={section.href}
                  aria-current={active ? 'page' : undefined}
                  className={`flex items-center justify-between gap-2 rounded-xl px-3 py-2 text-sm font-semibold whitespace-nowrap ${
                    active ? 'bg-royal text-white' : 'bg-white text-ink ring-1 ring-ink/10 hover:bg-royal/5'
                  }`}
                >
                  {t(section.key)}
                  {section.key === 'approvals' && pending > 0 && (
                    <span
                      data-testid="approvals-count"
                      className="min-w-5 rounded-full bg-ruby px-1.5 text-center text-xs leading-5 font-bold text-white"
                    >
                      <span className="sr-only">{t('pendingCount', { count: pending })}</span>
                      <span aria-hidden>{pending}</span>
                    </span>
                  )}
                </Link>
              </li>
            );
          })}
      </ul>
    </nav>
  );
}
