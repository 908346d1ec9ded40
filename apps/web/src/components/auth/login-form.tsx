'use client';

import { loginFormSchema, type LoginForm as LoginFormValues, type LoginResult, type Me } from '@carabala/contracts';
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

/** Username and password sign-in; server refusals land on their field as point 8 describes. */
export function LoginForm({ onSuccess }: { onSuccess: (user: Me) => void }) {
  const t = useTranslations('auth');
  const { signedIn } = useSession();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<LoginFormValues>({
    resolver: zodResolver(schema),
    defaultValues: { username: '', password: '' },
    mode: 'onSubmit',
    shouldFocusError: false,
  });

  const login = useMutation({
    mutationFn: (values: LoginFormValues) =>
      api.post<LoginResult>(`/auth/${publicConfig.product}`, {
        ...values,
        deviceId: `${publicConfig.product}.web.${crypto.randomUUID()}`,
      }),
    onSuccess: async (result) => {
      await signedIn(result);
      onSuccess(result.user);
    },
    onError: (error) => {
      if (error instanceof ApiError) {
        const fields = Object.entries(error.errors).filter(([field]) => field === 'username' || field === 'password');
        for (const [field, messages] of fields) {
          form.setError(field as keyof LoginFormValues, { message: messages[0] });
        }
        if (fields.length === 0) setFormError(error.message);
        return;
      }
      console.error(error);
      setFormError(t('genericError'));
    },
  });

  const submit = form.handleSubmit((values) => {
    setFormError(null);
    login.mutate(values);
  });

  return (
    <form onSubmit={submit} noValidate className="space-y-3">
      <TextField
        id="login-username"
        icon={<UserIcon />}
        placeholder={t('username')}
        aria-label={t('username')}
        autoComplete="username"
        autoCapitalize="none"
        error={form.formState.errors.username?.message}
        {...form.register('username')}
      />
      <TextField
        id="login-password"
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
      <Button type="submit" className="w-full py-3 text-base" disabled={login.isPending}>
        {login.isPending && <Spinner />}
        {t('submit')}
      </Button>
    </form>
  );
}
