'use client';

import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { useSession } from '@/lib/session';
import { useMounted } from '@/lib/use-mounted';
import { Button } from '../ui/button';
import { LoginDialog } from './login-dialog';

/** Shows the feature when signed in; otherwise a card asking to sign in. Nothing before mount. */
export function LoginGate({ children, text }: { children: ReactNode; text?: string }) {
  const t = useTranslations('common');
  const mounted = useMounted();
  const { user, isLoading } = useSession();
  if (!mounted || isLoading) return null;
  if (user?.id) return <>{children}</>;

  return (
    <section className="mx-auto max-w-md rounded-3xl bg-white p-6 text-center shadow-lg ring-1 ring-ink/10">
      <h2 className="text-xl font-black">{t('gateTitle')}</h2>
      <p className="mt-2 text-ink/70">{text ?? t('gateText')}</p>
      <LoginDialog
        trigger={(open) => (
          <Button onClick={open} className="mt-4">
            {t('login')}
          </Button>
        )}
      />
    </section>
  );
}
