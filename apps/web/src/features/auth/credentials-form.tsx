'use client';

import { loginFormSchema, type LoginForm as Credentials } from '@carabala/contracts';
import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { InputField } from '@/components/form/fields';
import { fieldsOf } from '@/components/form/schema-form';
import { FormError, useSentForm } from '@/components/form/sent-form';
import { LockIcon, UserIcon } from '@/components/ui/icons';

const schema = loginFormSchema;

export type { Credentials };

interface CredentialsFormProps<T> {
  /** Prefixes the inputs' ids, so that two forms on one page stay distinct. */
  idPrefix: string;
  send: (values: Credentials) => Promise<T>;
  onSent: (result: T) => unknown;
  hint?: ReactNode;
  /** The form's buttons; `pending` while the API answers. */
  actions: (pending: boolean) => ReactNode;
}

/**
 * The product account's username and password, checked as the sign-in dialog and the account link
 * both need: a server refusal naming the username or the password lands under that field, any other
 * refusal above the buttons.
 */
export function CredentialsForm<T>({ idPrefix, send, onSent, hint, actions }: CredentialsFormProps<T>) {
  const t = useTranslations('auth');
  const { form, formError, pending, submit } = useSentForm({
    schema,
    defaultValues: { username: '', password: '' },
    send,
    onSent,
    genericError: t('genericError'),
    shouldFocusError: false,
  });
  const field = fieldsOf(form, idPrefix, (name) => t(name));

  return (
    <form noValidate className="space-y-3" onSubmit={submit}>
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
      <FormError message={formError} />
      {actions(pending)}
    </form>
  );
}
