'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { publicConfig } from '@/config';
import { ExternalLink } from '../external-link';
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
              <ExternalLink href={item.href} onClick={onNavigate} className={linkClassName(false)}>
                {label}
              </ExternalLink>
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
