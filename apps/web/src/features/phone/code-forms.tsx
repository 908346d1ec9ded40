'use client';

import { phoneNumberInputSchema, phoneVerifyBodySchema } from '@carabala/contracts';
import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { z } from 'zod';
import { InputField } from '@/components/form/fields';
import { fieldsOf } from '@/components/form/schema-form';
import { FormError, useSentForm } from '@/components/form/sent-form';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';

const codeSchema = z.object({ code: phoneVerifyBodySchema.shape.code });
const numberSchema = z.object({ phone: phoneNumberInputSchema });

/** Seconds left until `at` (an ISO time), ticking each second; 0 once it has passed. */
export function useSecondsUntil(at: string | null) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!at) return;
    const tick = () => setNow(Date.now());
    // At once for the new time (the clock may have stood still since the last one), then each second.
    const first = setTimeout(tick, 0);
    const timer = setInterval(tick, 1000);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, [at]);
  return at ? Math.max(0, Math.ceil((new Date(at).getTime() - now) / 1000)) : 0;
}

/** The 6 digits of the SMS: a refusal naming the code lands under the field, any other above the button. */
export function CodeForm({ idPrefix, send }: { idPrefix: string; send: (code: string) => Promise<unknown> }) {
  const t = useTranslations('phone');
  const { form, formError, pending, submit } = useSentForm({
    schema: codeSchema,
    defaultValues: { code: '' },
    send: (values) => send(values.code),
    onSent: () => undefined,
    genericError: t('genericError'),
  });
  return (
    <form noValidate className="space-y-3" onSubmit={submit}>
      <InputField
        {...fieldsOf(form, idPrefix, () => t('codeLabel'))('code')}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        placeholder="••••••"
        controlClassName="text-center text-lg font-bold tracking-[0.5em]"
      />
      <FormError message={formError} />
      <Button type="submit" className="w-full py-3" disabled={pending}>
        {pending && <Spinner />}
        {t('verify')}
      </Button>
    </form>
  );
}

/** A new number for the account: its code goes to it, and it becomes the account's once entered. */
export function NewNumberForm({ send, onCancel }: { send: (phone: string) => Promise<unknown>; onCancel: () => void }) {
  const t = useTranslations('phone');
  const { form, formError, pending, submit } = useSentForm({
    schema: numberSchema,
    defaultValues: { phone: '' },
    send: (values) => send(values.phone),
    onSent: () => undefined,
    genericError: t('genericError'),
  });
  return (
    <form noValidate className="space-y-3" onSubmit={submit}>
      <InputField
        {...fieldsOf(form, 'new-phone', () => t('newNumberLabel'))('phone')}
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        placeholder="0912 345 678"
      />
      <FormError message={formError} />
      <div className="flex gap-2">
        <Button type="button" variant="ghost" onClick={onCancel}>
          {t('cancel')}
        </Button>
        <Button type="submit" className="flex-1" disabled={pending}>
          {pending && <Spinner />}
          {t('sendCode')}
        </Button>
      </div>
    </form>
  );
}
