'use client';

import { loginFormSchema, type LoginForm as Credentials } from '@carabala/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { publicConfig } from '@/config';
import { ApiError } from '@/lib/api-client';
import { LockIcon, UserIcon } from '../ui/icons';
import { TextField } from '../ui/text-field';

const schema = loginFormSchema(publicConfig.brand);

export type { Credentials };

/**
 * The product account's username and password, checked as the sign-in dialog and the account link
 * both need: server refusals land on their field (point 8), any other refusal above the buttons.
 */
export function CredentialsForm<T>({
  idPrefix,
  send,
  onSent,
  hint,
  actions,
}: {
  /** Prefixes the inputs' ids, so that two forms on one page stay distinct. */
  idPrefix: string;
  send: (values: Credentials) => Promise<T>;
  onSent: (result: T) => unknown;
  hint?: ReactNode;
  /** The form's buttons; `pending` while the API answers. */
  actions: (pending: boolean) => ReactNode;
}) {
  const t = useTranslations('auth');
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<Credentials>({
    resolver: zodResolver(schema),
    defaultValues: { username: '', password: '' },
    mode: 'onSubmit',
    shouldFocusError: false,
  });

  const sending = useMutation({
    mutationFn: send,
    onSuccess: onSent,
    onError: (error) => {
      if (!(error instanceof ApiError)) {
        console.error(error);
        setFormError(t('genericError'));
        return;
      }
      const fields = Object.entries(error.errors).filter(([field]) => field === 'username' || field === 'password');
      for (const [field, messages] of fields) form.setError(field as keyof Credentials, { message: messages[0] });
      if (fields.length === 0) setFormError(error.message);
    },
  });

  return (
    <form
      noValidate
      className="space-y-3"
      onSubmit={form.handleSubmit((values) => {
        setFormError(null);
        sending.mutate(values);
      })}
    >
      {hint}
      <TextField
        id={`${idPrefix}-username`}
        icon={<UserIcon />}
        placeholder={t('username')}
        aria-label={t('username')}
        autoComplete="username"
        autoCapitalize="none"
        error={form.formState.errors.username?.message}
        {...form.register('username')}
      />
      <TextField
        id={`${idPrefix}-password`}
        type="password"
        icon={<LockIcon />}
        placeholder={t('password')}
        aria-label={t('password')}
        autoComplete="current-password"
        error={form.formState.errors.password?.message}
        {...form.register('password')}
      />
      {formError && (
        <p role="alert" className="rounded-lg bg-ruby/10 px-3 py-2 text-sm text-ruby-ink">
          {formError}
        </p>
      )}
      {actions(sending.isPending)}
    </form>
  );
}
