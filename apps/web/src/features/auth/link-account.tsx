'use client';

import type { LinkStep, Me } from '@carabala/contracts';
import { useMutation } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { publicConfig } from '@/config';
import { ApiError } from '@/lib/api-client';
import { checkLinkCredentials, confirmAccountLink, useSignedIn } from './api';
import { CredentialsForm, type Credentials } from './credentials-form';
import { FormError } from '@/components/form/sent-form';

const providerNames = { google: 'Google', facebook: 'Facebook' } as const;

interface LinkAccountProps {
  /** What the social sign-in answered: the identity to link, and its step token. */
  started: LinkStep;
  onSuccess: (user: Me) => void;
  onCancel: () => void;
}

/**
 * Steps 2 to 4 of linking a social identity to a product account, after the social sign-in found no
 * linked account: the product account's username and password, a confirmation naming the account,
 * then the sign-in with the now-linked identity.
 */
export function LinkAccount({ started, onSuccess, onCancel }: LinkAccountProps) {
  const t = useTranslations('social');
  const signedIn = useSignedIn();
  const [checked, setChecked] = useState<LinkStep | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const provider = providerNames[started.provider];

  const confirm = useMutation({
    mutationFn: confirmAccountLink,
    onSuccess: async (result) => {
      await signedIn(result);
      onSuccess(result.user);
    },
    onError: (error) => {
      if (!(error instanceof ApiError)) console.error(error);
      setFormError(error instanceof ApiError ? error.message : t('genericError'));
    },
  });

  if (checked?.account) {
    return (
      <div className="space-y-4">
        <p className="text-center font-semibold text-ink">
          {t('linkConfirmQuestion', {
            provider,
            name: checked.account.displayName,
            shortId: checked.account.shortId,
          })}
        </p>
        <FormError message={formError} />
        {confirm.isSuccess && (
          <p role="status" className="text-center text-sm text-ink/80">
            {t('linkSigningIn', { provider })}
          </p>
        )}
        <div className="flex gap-3">
          <Button variant="outline" className="flex-1" onClick={onCancel} disabled={confirm.isPending}>
            {t('linkCancel')}
          </Button>
          <Button
            className="flex-1"
            onClick={() => {
              setFormError(null);
              confirm.mutate(checked);
            }}
            disabled={confirm.isPending || confirm.isSuccess}
          >
            {confirm.isPending && <Spinner />}
            {t('linkConfirmButton')}
          </Button>
        </div>
      </div>
    );
  }

  return (
    <CredentialsForm
      idPrefix="link"
      send={(values: Credentials) => checkLinkCredentials(started.linkToken, values)}
      onSent={setChecked}
      hint={<p className="text-sm text-ink/80">{t('linkCredentialsHint', { brand: publicConfig.brand, provider })}</p>}
      actions={(pending) => (
        <div className="flex gap-3">
          <Button variant="outline" className="flex-1" onClick={onCancel}>
            {t('linkCancel')}
          </Button>
          <Button type="submit" className="flex-1" disabled={pending}>
            {pending && <Spinner />}
            {t('linkContinue')}
          </Button>
        </div>
      )}
    />
  );
}
