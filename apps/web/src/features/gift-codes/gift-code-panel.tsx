'use client';

import dynamic from 'next/dynamic';
import Image from 'next/image';
import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { LoginDialog } from '@/components/sign-in-slot';
import { Button } from '@/components/ui/button';
import { useSession } from '@/lib/auth';
import { useMounted } from '@/lib/use-mounted';

/** Fetched only for a signed-in player: the form's validation (react-hook-form, zod) stays off the first load. */
const GiftCodeForm = dynamic(() => import('./gift-code-form').then((module) => module.GiftCodeForm), {
  ssr: false,
  // The form's own height (measured), so that it takes the place without a shift.
  loading: () => <div className="h-[13.25rem] md:h-48" aria-busy="true" />,
});

function SignedOut({ button }: { button: ReactNode }) {
  const t = useTranslations('giftCode');
  return (
    <div className="space-y-4 text-center">
      <p className="text-lg font-bold text-ink">{t('signedOut')}</p>
      {button}
    </div>
  );
}

/** Signed in: the redeem form. Signed out: the prompt and a login button that keeps the player here. */
export function GiftCodePanel() {
  const t = useTranslations('giftCode');
  const mounted = useMounted();
  const { user, isLoading } = useSession();
  const signIn = (open?: () => void, tabIndex?: number) => (
    <Button onClick={open} tabIndex={tabIndex} className="w-full py-3 text-base">
      {t('login')}
    </Button>
  );

  return (
    <section className="mx-auto w-full max-w-md rounded-3xl bg-white p-6 shadow-lg ring-1 ring-ink/10 md:p-8">
      <div className="mx-auto mb-4 flex h-16 w-16 items-center justify-center rounded-2xl bg-gradient-to-b from-gold to-gold-deep shadow-[0_3px_0_#9a6200]">
        <Image src="/brand/icon-gift.svg" alt="" width={36} height={36} />
      </div>
      {!mounted || isLoading ? (
        // The signed-out prompt, in the HTML: seen at once by a visitor with no session, its place kept
        // unseen for a signed-in one until the form comes. Nothing moves for a visitor who is signed out.
        <div className="invisible session-out:visible" aria-hidden="true">
          <SignedOut button={signIn(undefined, -1)} />
        </div>
      ) : user?.id ? (
        <GiftCodeForm />
      ) : (
        <SignedOut button={<LoginDialog trigger={signIn} />} />
      )}
    </section>
  );
}
