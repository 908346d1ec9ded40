'use client';

import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { LoginGate } from '@/components/auth/login-gate';
import { useSession } from '@/lib/session';
import { SecondFactorGate } from './second-factor-gate';

/**
 * The console is for staff and admins, once their session entered a second-factor code; a player sees
 * a refusal, a guest the sign-in card.
 */
export function AdminGuard({ children }: { children: ReactNode }) {
  const t = useTranslations('admin');
  const { user } = useSession();
  return (
    <LoginGate text={t('signInRequired')}>
      {user && user.role !== 'player' ? (
        <SecondFactorGate>{children}</SecondFactorGate>
      ) : (
        <section className="mx-auto my-16 max-w-md rounded-3xl bg-white p-6 text-center shadow ring-1 ring-ink/10">
          <h1 className="text-xl font-black">{t('forbiddenTitle')}</h1>
          <p className="mt-2 text-ink/70">{t('forbiddenText')}</p>
        </section>
      )}
    </LoginGate>
  );
}
