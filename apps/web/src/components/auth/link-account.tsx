'use client';

import type { LinkStep, LinkVerifyBody, LoginResult, Me } from '@carabala/contracts';
import { useMutation } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { publicConfig } from '@/config';
import { ApiError, api } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { Button } from '../ui/button';
import { Spinner } from '../ui/spinner';
import { CredentialsForm, type Credentials } from './credentials-form';
const providerNames = { google: 'Google', facebook: 'Facebook' } as const;
const stepPath = (step: number) => `/auth/${publicConfig.product}/tmp/${step}`;

/** Step 1 of the linking calls: the social proof is checked by the API and a link token comes back. */
export const startAccountLink = (proof: LinkVerifyBody) => api.post<LinkStep>(stepPath(1), proof);

/**
 * Steps 2 to 4 of linking a social identity to a product account, after the social sign-in found no
 * linked account: the product account's username and password, a confirmation naming the account,
 * then the sign-in with the now-linked identity.
 */
export function LinkAccount({
  started,
  onSuccess,
  onCancel,
}: {
  started: LinkStep;
  onSuccess: (user: Me) => void;
  onCancel: () => void;
}) {
  const t = useTranslations('social');
  const { signedIn } = useSession();
  const [checked, setChecked] = useState<LinkStep | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const provider = providerNames[started.provider];

  const confirm = useMutation({
    mutationFn: async (step: LinkStep) => {
      const linked = await api.post<LinkStep>(stepPath(3), { linkToken: step.linkToken });
      return api.post<LoginResult>(stepPath(4), {
        linkToken: linked.linkToken,
        deviceId: `${publicConfig.product}.web.${crypto.randomUUID()}`,
      });
    },
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
        {formError && (
          <p role="alert" className="rounded-lg bg-ruby/10 px-3 py-2 text-sm text-ruby-ink">
            {formError}
          </p>
        )}
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
      send={(values: Credentials) => api.post<LinkStep>(stepPath(2), { linkToken: started.linkToken, ...values })}
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
