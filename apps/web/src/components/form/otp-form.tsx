'use client';

import { otpBodySchema, type OtpBody } from '@carabala/contracts';
import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { Button } from '../ui/button';
import { LockIcon } from '../ui/icons';
import { Spinner } from '../ui/spinner';
import { InputField } from './fields';
import { fieldsOf } from './schema-form';
import { FormError, useSentForm } from './sent-form';

interface OtpFormProps<T> {
  idPrefix: string;
  send: (otp: string) => Promise<T>;
  onSent: (result: T) => unknown;
  hint?: ReactNode;
  submitLabel?: string;
  /** A second button beside the submit one (back, cancel). */
  secondary?: ReactNode;
}

/**
 * One second-factor code: the 6 digits of the authenticator app or a recovery code. Used by the
 * sign-in dialog, the console's step-up dialog and the enrolment (decision record 029), so it is a
 * shared form rather than part of features/auth. A refusal naming the code lands under the field,
 * any other above the buttons.
 */
export function OtpForm<T>({ idPrefix, send, onSent, hint, submitLabel, secondary }: OtpFormProps<T>) {
  const t = useTranslations('auth');
  const { form, formError, pending, submit } = useSentForm({
    schema: otpBodySchema,
    defaultValues: { otp: '' },
    send: (values: OtpBody) => send(values.otp),
    onSent,
    genericError: t('genericError'),
  });
  const field = fieldsOf(form, idPrefix, () => t('otpLabel'));
  return (
    <form noValidate className="space-y-3" onSubmit={submit}>
      <p className="text-sm text-ink/80">{hint ?? t('otpHint')}</p>
      <InputField
        {...field('otp')}
        icon={<LockIcon />}
        inputMode="text"
        autoComplete="one-time-code"
        autoCapitalize="none"
        autoFocus
      />
      <FormError message={formError} />
      <div className="flex gap-2">
        {secondary}
        <Button type="submit" className="flex-1 py-3 text-base" disabled={pending}>
          {pending && <Spinner />}
          {submitLabel ?? t('otpSubmit')}
        </Button>
      </div>
    </form>
  );
}
