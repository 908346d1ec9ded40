'use client';

import { useMutation } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useEffect, useRef } from 'react';
import { LoginDialog } from '@/components/sign-in-slot';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { AccountCard } from './account-card';
import { verifyEmail } from './api';
import { takeLinkToken } from './link-token';

/** An address without a token. */
class NoToken extends Error {}

/** The verification link's landing: posts its token once, then offers to sign in. */
export function VerifyEmail() {
  const t = useTranslations('accounts');
  const started = useRef(false);
  const verifying = useMutation({
    mutationFn: async (token: string) => {
      if (!token) throw new NoToken();
      await verifyEmail(token);
    },
  });
  const { mutate } = verifying;
  useEffect(() => {
    // One use: strict-mode double effects and reloads must not post the token twice.
    if (started.current) return;
    started.current = true;
    mutate(takeLinkToken());
  }, [mutate]);

  const signIn = (
    <LoginDialog
      trigger={(open) => (
        <Button className="mt-5" onClick={open}>
          {t('signIn')}
        </Button>
      )}
    />
  );
  return (
    <AccountCard>
      <div className="text-center">
        {verifying.isSuccess ? (
          <>
            <p role="status" data-testid="verify-done" className="font-semibold text-leaf-ink">
              {t('verified')}
            </p>
            {signIn}
          </>
        ) : verifying.isError ? (
          <>
            <p role="alert" className="rounded-lg bg-ruby/10 px-4 py-3 text-ruby-ink">
              {verifying.error instanceof ApiError ? verifying.error.message : t('linkInvalid')}
            </p>
            <p className="mt-3 text-sm text-ink/80">{t('verifyAgain')}</p>
            {signIn}
          </>
        ) : (
          <p role="status" className="flex items-center justify-center gap-3 font-semibold">
            <Spinner />
            {t('verifying')}
          </p>
        )}
      </div>
    </AccountCard>
  );
}
