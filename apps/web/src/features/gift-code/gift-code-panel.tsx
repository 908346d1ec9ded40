'use client';

import Image from 'next/image';
import { useTranslations } from 'next-intl';
import { LoginDialog } from '@/components/auth/login-dialog';
import { Button } from '@/components/ui/button';
import { useSession } from '@/lib/session';
import { useMounted } from '@/lib/use-mounted';
import { GiftCodeForm } from './gift-code-form';

/** Signed in: the redeem form. Signed out: the prompt and a login button that keeps the player here. */
export function GiftCodePanel() {
  const t = useTranslations('giftCode');
  const mounted = useMounted();
  const { user, isLoading } = useSession();

  return (
    <section className="mx-auto w-full max-w-md rounded-3xl bg-white p-6 shadow-lg ring-1 ring-ink/10 md:p-8">
      <div className="mx-auto mb-4 flex h-16 w-16 items-center justify-center rounded-2xl bg-gradient-to-b from-gold to-gold-deep shadow-[0_3px_0_#9a6200]">
        <Image src="/brand/icon-gift.svg" alt="" width={36} height={36} />
      </div>
      {!mounted || isLoading ? (
        <div className="h-40" aria-busy="true" />
      ) : user?.id ? (
        <GiftCodeForm />
      ) : (
        <div className="space-y-4 text-center">
          <p className="text-lg font-bold text-ink">{t('signedOut')}</p>
          <LoginDialog
            trigger={(open) => (
              <Button onClick={open} className="w-full py-3 text-base">
                {t('login')}
              </Button>
            )}
          />
        </div>
      )}
    </section>
  );
}
