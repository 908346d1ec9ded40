'use client';

import { isStaff } from '@carabala/contracts/permissions';
import { usePathname } from 'next/navigation';
import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { LoginGate } from '@/components/sign-in-slot';
import { useCan } from '@/lib/permissions';
import { useSession } from '@/lib/auth';
import { tokenStore } from '@/lib/storage';
import { useMounted } from '@/lib/use-mounted';
import { mayOpen, sectionOf } from './admin-sections';
import { useSecondFactorStatus } from './api/second-factor';
import { SecondFactorGate } from './second-factor-gate';

function Refusal({ text }: { text: string }) {
  const t = useTranslations('admin');
  return (
    <section className="mx-auto my-16 max-w-md rounded-3xl bg-white p-6 text-center shadow ring-1 ring-ink/10">
      <h1 className="text-xl font-black">{t('forbiddenTitle')}</h1>
      <p className="mt-2 text-ink/70">{text}</p>
    </section>
  );
}

/**
 * The console is for staff, once their session entered a second-factor code; a player sees a refusal,
 * a guest the sign-in card.
 */
export function AdminGuard({ children }: { children: ReactNode }) {
  const t = useTranslations('admin');
  const { user } = useSession();
  // Asked beside the current user, not after it: the console opens one round trip sooner. Any
  // signed-in account may ask (a player is answered "not enrolled"), so a session is enough.
  useSecondFactorStatus(useMounted() && tokenStore.get() !== null);
  return (
    <LoginGate text={t('signInRequired')}>
      {user && isStaff(user.role) ? (
        <SecondFactorGate>{children}</SecondFactorGate>
      ) : (
        <Refusal text={t('forbiddenText')} />
      )}
    </LoginGate>
  );
}

/**
 * A console page the role may not use says so instead of calling the API: a refused call would sign
 * the member out (a 403 signs out). The overview's place shows the role's own sections.
 */
export function SectionGuard({ children, welcome }: { children: ReactNode; welcome: ReactNode }) {
  const t = useTranslations('admin');
  const pathname = usePathname();
  const allowed = useCan();
  const section = sectionOf(pathname);
  if (!section || mayOpen(section.permission, allowed)) return children;
  return section.href === '/admin' ? welcome : <Refusal text={t('sectionForbidden')} />;
}
