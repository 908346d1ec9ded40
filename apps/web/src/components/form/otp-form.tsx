'use client';

import { otpBodySchema, type OtpBody } from '@carabala/contracts';
import { useMutation } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { ApiError } from '@/lib/api-client';
import { Button } from '../ui/button';
import { LockIcon } from '../ui/icons';
import { Spinner } from '../ui/spinner';
import { InputField } from './fields';
import { fieldsOf, schemaResolver } from './schema-form';

/**
 * One second-factor code: the 6 digits of the authenticator app or a recovery code. Used by the
 * sign-in dialog, the console's step-up dialog and the enrolment (decision record 029), so it is a
 * shared form rather than part of features/auth. A refusal naming the code lands under the field,
 * any other above the buttons.
 */
export function OtpForm<T>({
  idPrefix,
  send,
  onSent,
  hint,
  submitLabel,
  secondary,
}: {
  idPrefix: string;
  send: (otp: string) => Promise<T>;
  onSent: (result: T) => unknown;
  hint?: ReactNode;
  submitLabel?: string;
  /** A second button beside the submit one (back, cancel). */
  secondary?: ReactNode;
}) {
  const t = useTranslations('auth');
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<OtpBody, unknown, OtpBody>({
    resolver: schemaResolver(otpBodySchema, (values: OtpBody) => values),
    defaultValues: { otp: '' },
    mode: 'onSubmit',
  });
  const field = fieldsOf(form, idPrefix, () => t('otpLabel'));
  const sending = useMutation({
    mutationFn: (values: OtpBody) => send(values.otp),
    onSuccess: onSent,
    onError: (error) => {
      const message = error instanceof ApiError ? error.errors.otp?.[0] : undefined;
      if (message) form.setError('otp', { message });
      else setFormError(error instanceof ApiError ? error.message : t('genericError'));
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
      <p className="text-sm text-ink/80">{hint ?? t('otpHint')}</p>
      <InputField
        {...field('otp')}
        icon={<LockIcon />}
        inputMode="text"
        autoComplete="one-time-code"
        autoCapitalize="none"
        autoFocus
      />
      {formError && (
        <p role="alert" className="rounded-lg bg-ruby/10 px-3 py-2 text-sm text-ruby-ink">
          {formError}
        </p>
      )}
      <div className="flex gap-2">
        {secondary}
        <Button type="submit" className="flex-1 py-3 text-base" disabled={sending.isPending}>
          {sending.isPending && <Spinner />}
          {submitLabel ?? t('otpSubmit')}
        </Button>
      </div>
    </form>
  );
}
