'use client';

import {
  loginFormSchema,
  type LinkStep,
  type LinkVerifyBody,
  type LoginForm as LoginFormValues,
  type LoginResult,
  type Me,
} from '@carabala/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { publicConfig } from '@/config';
import { ApiError, api } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { Button } from '../ui/button';
import { LockIcon, UserIcon } from '../ui/icons';
import { Spinner } from '../ui/spinner';
import { TextField } from '../ui/text-field';

const schema = loginFormSchema(publicConfig.brand);
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
  const ta = useTranslations('auth');
  const { signedIn } = useSession();
  const [checked, setChecked] = useState<LinkStep | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const provider = providerNames[started.provider];
  const form = useForm<LoginFormValues>({
    resolver: zodResolver(schema),
    defaultValues: { username: '', password: '' },
    mode: 'onSubmit',
    shouldFocusError: false,
  });

  const showError = (error: unknown) => {
    if (error instanceof ApiError) {
      const fields = Object.entries(error.errors).filter(([field]) => field === 'username' || field === 'password');
      for (const [field, messages] of fields) form.setError(field as keyof LoginFormValues, { message: messages[0] });
      if (fields.length === 0) setFormError(error.message);
      return;
    }
    console.error(error);
    setFormError(t('genericError'));
  };

  const credentials = useMutation({
    mutationFn: (values: LoginFormValues) =>
      api.post<LinkStep>(stepPath(2), { linkToken: started.linkToken, ...values }),
    onSuccess: setChecked,
    onError: showError,
  });

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
    onError: showError,
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
    <form
      noValidate
      className="space-y-3"
      onSubmit={form.handleSubmit((values) => {
        setFormError(null);
        credentials.mutate(values);
      })}
    >
      <p className="text-sm text-ink/80">{t('linkCredentialsHint', { brand: publicConfig.brand, provider })}</p>
      <TextField
        id="link-username"
        icon={<UserIcon />}
        placeholder={ta('username')}
        aria-label={ta('username')}
        autoComplete="username"
        autoCapitalize="none"
        error={form.formState.errors.username?.message}
        {...form.register('username')}
      />
      <TextField
        id="link-password"
        type="password"
        icon={<LockIcon />}
        placeholder={ta('password')}
        aria-label={ta('password')}
        autoComplete="current-password"
        error={form.formState.errors.password?.message}
        {...form.register('password')}
      />
      {formError && (
        <p role="alert" className="rounded-lg bg-ruby/10 px-3 py-2 text-sm text-ruby-ink">
          {formError}
        </p>
      )}
      <div className="flex gap-3">
        <Button variant="outline" className="flex-1" onClick={onCancel}>
          {t('linkCancel')}
        </Button>
        <Button type="submit" className="flex-1" disabled={credentials.isPending}>
          {credentials.isPending && <Spinner />}
          {t('linkContinue')}
        </Button>
      </div>
    </form>
  );
}
