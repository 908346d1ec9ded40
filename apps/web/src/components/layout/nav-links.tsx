'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { publicConfig } from '@/config';
import { isActive, navItems } from './nav-items';

/** The main navigation's entries, in the header's bar and in the mobile menu. */
export function NavLinks({
  signedIn,
  onNavigate,
  listClassName,
  linkClassName,
}: {
  signedIn: boolean;
  onNavigate?: () => void;
  listClassName: string;
  linkClassName: (active: boolean) => string;
}) {
  const t = useTranslations('common');
  const pathname = usePathname();
  return (
    <ul className={listClassName}>
      {navItems(signedIn, publicConfig.communityUrl).map((item) => {
        const label = item.fixedLabel ?? t(item.key);
        if (item.external) {
          return (
            <li key={item.key}>
              <a
                href={item.href}
                target="_blank"
                rel="noopener noreferrer"
                onClick={onNavigate}
                className={linkClassName(false)}
              >
                {label}
              </a>
            </li>
          );
        }
        const active = isActive(pathname, item.href);
        return (
          <li key={item.key}>
            <Link
              href={item.href}
              onClick={onNavigate}
              aria-current={active ? 'page' : undefined}
              className={linkClassName(active)}
            >
              {label}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
