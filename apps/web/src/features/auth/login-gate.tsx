'use client';

import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import type { LoginGateProps } from '@/components/sign-in-slot';
import { Button } from '@/components/ui/button';
import { useSession } from '@/lib/auth';
import { useMounted } from '@/lib/use-mounted';
import { LoginDialog } from './login-dialog';

function GateCard({ text, action }: { text?: string; action: ReactNode }) {
  const t = useTranslations('common');
  return (
    <section className="mx-auto max-w-md rounded-3xl bg-white p-6 text-center shadow-lg ring-1 ring-ink/10">
      <h2 className="text-xl font-black">{t('gateTitle')}</h2>
      <p className="mt-2 text-ink/70">{text ?? t('gateText')}</p>
      {action}
    </section>
  );
}

/**
 * Shows the feature when signed in; otherwise a card asking to sign in. Until the session is known
 * (and in the cached HTML) the card holds its place, seen at once by a visitor with no session and
 * unseen by a signed-in one: what follows does not move for a visitor who is signed out.
 */
export function LoginGate({ children, text }: LoginGateProps) {
  const t = useTranslations('common');
  const mounted = useMounted();
  const { user, isLoading } = useSession();
  if (!mounted || isLoading) {
    return (
      <div className="invisible session-out:visible" aria-hidden="true">
        <GateCard
          text={text}
          action={
            <Button className="mt-4" tabIndex={-1}>
              {t('login')}
            </Button>
          }
        />
      </div>
    );
  }
  if (user?.id) return <>{children}</>;

  return (
    <GateCard
      text={text}
      action={
        <LoginDialog
          trigger={(open) => (
            <Button onClick={open} className="mt-4">
              {t('login')}
            </Button>
          )}
        />
      }
    />
  );
}
