'use client';

import { passwordResetRequestSchema, type PasswordResetRequest } from '@carabala/contracts';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { InputField } from '@/components/form/fields';
import { fieldsOf } from '@/components/form/schema-form';
import { FormError, useSentForm } from '@/components/form/sent-form';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { AccountCard } from './account-card';
import { requestPasswordReset } from './api';

/** "Quên mật khẩu?": a username or an address; the answer never says whether an account has it. */
export function ForgotPasswordForm() {
  const t = useTranslations('accounts');
  const [sent, setSent] = useState(false);
  const { form, formError, pending, submit } = useSentForm({
    schema: passwordResetRequestSchema,
    defaultValues: { login: '' } as PasswordResetRequest,
    send: requestPasswordReset,
    onSent: () => setSent(true),
    genericError: t('genericError'),
  });
  const field = fieldsOf(form, 'forgot', (name) => t(`fields.${name}`));
  return (
    <AccountCard>
      {sent ? (
        <p role="status" data-testid="reset-sent" className="text-ink/80">
          {t('resetSent')}
        </p>
      ) : (
        <form noValidate className="space-y-4" onSubmit={submit}>
          <p className="text-sm text-ink/80">{t('forgotText')}</p>
          <InputField {...field('login')} required autoComplete="username" autoCapitalize="none" />
          <FormError message={formError} />
          <Button type="submit" className="w-full py-3 text-base" disabled={pending}>
            {pending && <Spinner />}
            {t('forgotSubmit')}
          </Button>
        </form>
      )}
    </AccountCard>
  );
}
