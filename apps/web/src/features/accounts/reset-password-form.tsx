'use client';

import { accountCodes, passwordResetBodySchema } from '@carabala/contracts';
import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import { z } from 'zod';
import { InputField } from '@/components/form/fields';
import { fieldsOf } from '@/components/form/schema-form';
import { FormError, useSentForm } from '@/components/form/sent-form';
import { LoginDialog } from '@/components/sign-in-slot';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { AccountCard } from './account-card';
import { resetPassword } from './api';
import { takeLinkToken } from './link-token';

/** The new password, typed twice; the token is the link's. */
const formSchema = z
  .object({ password: passwordResetBodySchema.shape.password, passwordAgain: z.string() })
  .refine((values) => values.password === values.passwordAgain, {
    path: ['passwordAgain'],
    message: 'account.passwordMismatch',
  });
type ResetForm = z.infer<typeof formSchema>;

/** The reset link's landing: a new password, then every device signed out and a sign-in offered. */
export function ResetPasswordForm() {
  const t = useTranslations('accounts');
  const token = useRef('');
  useEffect(() => {
    token.current ||= takeLinkToken();
  }, []);
  const [done, setDone] = useState(false);
  const { form, formError, pending, submit } = useSentForm({
    schema: formSchema,
    defaultValues: { password: '', passwordAgain: '' } as ResetForm,
    send: (values: ResetForm) =>
      token.current
        ? resetPassword({ token: token.current, password: values.password })
        : Promise.reject(new ApiError(400, accountCodes.linkInvalid, t('linkInvalid'), {})),
    onSent: () => setDone(true),
    genericError: t('genericError'),
  });
  const field = fieldsOf(form, 'reset', (name) => t(name === 'password' ? 'fields.newPassword' : `fields.${name}`));

  if (done) {
    return (
      <AccountCard>
        <div className="text-center">
          <p role="status" data-testid="reset-done" className="font-semibold text-leaf-ink">
            {t('resetDone')}
          </p>
          <LoginDialog
            trigger={(open) => (
              <Button className="mt-5" onClick={open}>
                {t('signIn')}
              </Button>
            )}
          />
        </div>
      </AccountCard>
    );
  }
  return (
    <AccountCard>
      <form noValidate className="space-y-4" onSubmit={submit}>
        <InputField {...field('password')} required type="password" autoComplete="new-password" />
        <InputField {...field('passwordAgain')} required type="password" autoComplete="new-password" />
        <FormError message={formError} />
        <Button type="submit" className="w-full py-3 text-base" disabled={pending}>
          {pending && <Spinner />}
          {t('resetSubmit')}
        </Button>
      </form>
    </AccountCard>
  );
}
