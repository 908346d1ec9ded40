'use client';

import Image from 'next/image';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { LogoutIcon } from '@/components/ui/icons';
import { publicConfig } from '@/config';
import { useSession } from '@/lib/auth';
import { useMounted } from '@/lib/use-mounted';
import { useRoleLabel } from '@/lib/role-label';

/**
 * The console's own top bar: the brand leading to the console's first page, who is signed in and as
 * what, the way to the player site, and logout. No player navigation, no marketing footer.
 */
export function ConsoleHeader() {
  const t = useTranslations('admin.shell');
  const tc = useTranslations('common');
  const roleLabel = useRoleLabel();
  const mounted = useMounted();
  const { user, logout } = useSession();
  const staff = mounted && user ? user : null;
  return (
    <header className="border-b-2 border-gold/60 bg-ink text-white" data-testid="console-header">
      <div className="mx-auto flex h-14 max-w-7xl items-center gap-2 px-4 md:gap-3 md:px-6">
        <Link href="/admin" aria-label={t('home')} className="flex shrink-0 items-center gap-2">
          <Image src="/brand/logo.svg" alt={publicConfig.brand} width={109} height={32} className="h-7 w-auto md:h-8" />
          <span className="hidden rounded-full bg-white/15 px-2 py-0.5 text-xs font-bold tracking-wide uppercase sm:inline">
            {t('badge')}
          </span>
        </Link>
        <div className="ml-auto flex min-w-0 items-center gap-2 md:gap-4">
          {staff && (
            <span className="hidden min-w-0 truncate text-sm text-white/85 md:block" data-testid="console-user">
              {t('signedInAs', { name: staff.displayName, role: roleLabel(staff.role) })}
            </span>
          )}
          <Link
            href="/"
            className="shrink-0 rounded-full px-3 py-1.5 text-sm font-semibold whitespace-nowrap ring-1 ring-white/30 hover:bg-white/10"
          >
            {t('toSite')}
          </Link>
          {staff && (
            // An icon on a phone, with its word from `sm` up: the bar fits 320 px.
            <button
              type="button"
              onClick={() => void logout()}
              className="flex shrink-0 items-center gap-1.5 rounded-full p-2 text-sm font-semibold hover:bg-white/10 sm:px-3 sm:py-1.5"
            >
              <LogoutIcon width={16} height={16} />
              <span className="sr-only sm:not-sr-only">{tc('logout')}</span>
            </button>
          )}
        </div>
      </div>
    </header>
  );
}
