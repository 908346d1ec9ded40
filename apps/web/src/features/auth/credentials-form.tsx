'use client';

import { loginFormSchema, type LoginForm as Credentials } from '@carabala/contracts';
import { useMutation } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { InputField } from '@/components/form/fields';
import { fieldsOf, schemaResolver } from '@/components/form/schema-form';
import { LockIcon, UserIcon } from '@/components/ui/icons';
import { publicConfig } from '@/config';
import { ApiError } from '@/lib/api-client';

const schema = loginFormSchema(publicConfig.brand);

export type { Credentials };

/**
 * The product account's username and password, checked as the sign-in dialog and the account link
 * both need: a server refusal naming the username or the password lands under that field, any other
 * refusal above the buttons.
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
  const form = useForm<Credentials, unknown, Credentials>({
    resolver: schemaResolver(schema, (values: Credentials) => values),
    defaultValues: { username: '', password: '' },
    mode: 'onSubmit',
    shouldFocusError: false,
  });
  const field = fieldsOf(form, idPrefix, (name) => t(name));

  const sending = useMutation({
    mutationFn: send,
    onSuccess: onSent,
    onError: (error) => {
      if (!(error instanceof ApiError)) {
        console.error(error);
        setFormError(t('genericError'));
        return;
      }
      const fields = Object.entries(error.errors).filter(([name]) => name === 'username' || name === 'password');
      for (const [name, messages] of fields) form.setError(name as keyof Credentials, { message: messages[0] });
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
      <InputField
        {...field('username')}
        hideLabel
        icon={<UserIcon />}
        placeholder={t('username')}
        autoComplete="username"
        autoCapitalize="none"
      />
      <InputField
        {...field('password')}
        hideLabel
        type="password"
        icon={<LockIcon />}
        placeholder={t('password')}
        autoComplete="current-password"
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
