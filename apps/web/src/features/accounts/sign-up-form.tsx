'use client';

import { ageInVietnam, GUARDIAN_AGE, signUpBodySchema, type SignUpBody } from '@carabala/contracts';
import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { InputField } from '@/components/form/fields';
import { fieldsOf } from '@/components/form/schema-form';
import { FormError, useSentForm } from '@/components/form/sent-form';
import { LoginDialog } from '@/components/sign-in-slot';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { publicConfig } from '@/config';
import { signUp, useAccountOptions } from './api';
import { AccountCard as Card } from './account-card';

const empty: SignUpBody = {
  username: '',
  password: '',
  email: '',
  fullName: '',
  birthDate: '',
  phone: '',
  guardianName: '',
  guardianPhone: '',
};

/** A player under 16 on the date typed so far (a whole date only). */
const isMinor = (birthDate: string) => /^\d{4}-\d{2}-\d{2}$/.test(birthDate) && ageInVietnam(birthDate) < GUARDIAN_AGE;

/**
 * "Đăng ký": the fields Decree 147/2024 Art. 39 asks for, checked with the API's own schema; under 16 the
 * guardian's name and phone appear and are required. The answer is the same whether or not the address
 * already has an account: the form then says where the verification link went.
 */
export function SignUpForm() {
  const t = useTranslations('accounts');
  const options = useAccountOptions();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { form, formError, pending, submit } = useSentForm({
    schema: signUpBodySchema,
    defaultValues: empty,
    send: signUp,
    onSent: (result) => {
      setSentTo(result.email);
      // The answer's card is shorter than the form: from the foot of the form, it would sit under the header.
      window.scrollTo({ top: 0 });
    },
    genericError: t('genericError'),
  });
  const field = fieldsOf(form, 'sign-up', (name) => t(`fields.${name}`));
  const minor = isMinor(form.watch('birthDate'));
  useEffect(() => {
    // Not asked at 16 or over: nothing typed there earlier is sent.
    if (!minor) {
      form.setValue('guardianName', '');
      form.setValue('guardianPhone', '');
    }
  }, [minor, form]);

  if (options.data?.signUp === false) {
    return (
      <Card>
        <p data-testid="sign-up-elsewhere">{t('elsewhere', { brand: publicConfig.brand })}</p>
      </Card>
    );
  }
  if (sentTo) {
    return (
      <Card>
        <h2 className="text-xl font-black">{t('sentTitle')}</h2>
        <p role="status" className="mt-2 text-ink/80">
          {t('sentText', { email: sentTo })}
        </p>
      </Card>
    );
  }
  return (
    <Card>
      <form noValidate className="space-y-4" onSubmit={submit}>
        <InputField
          {...field('username')}
          required
          autoComplete="username"
          autoCapitalize="none"
          hint={t('hints.username')}
        />
        <InputField {...field('password')} required type="password" autoComplete="new-password" />
        <InputField {...field('email')} required type="email" autoComplete="email" inputMode="email" />
        <InputField {...field('fullName')} required autoComplete="name" />
        <InputField {...field('birthDate')} required type="date" autoComplete="bday" />
        <InputField
          {...field('phone')}
          required
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          hint={t('hints.phone')}
        />
        {minor && (
          <fieldset className="space-y-4 rounded-2xl bg-royal/5 p-4" data-testid="guardian">
            <legend className="px-1 text-sm font-bold">{t('guardianTitle')}</legend>
            <p className="text-sm text-ink/80">{t('guardianText', { age: GUARDIAN_AGE })}</p>
            <InputField {...field('guardianName')} required autoComplete="off" />
            <InputField {...field('guardianPhone')} required type="tel" inputMode="tel" autoComplete="off" />
          </fieldset>
        )}
        <FormError message={formError} />
        <Button type="submit" className="w-full py-3 text-base" disabled={pending}>
          {pending && <Spinner />}
          {t('submit')}
        </Button>
        <p className="text-center text-sm text-ink/80">
          {t('haveAccount')}{' '}
          <LoginDialog
            trigger={(open) => (
              <button type="button" className="font-semibold text-royal underline" onClick={open}>
                {t('signIn')}
              </button>
            )}
          />
        </p>
      </form>
    </Card>
  );
}
