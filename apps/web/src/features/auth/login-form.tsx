'use client';

import { secondFactorCodes, type LoginResult, type Me } from '@carabala/contracts';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { OtpForm } from '@/components/form/otp-form';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { newDeviceId, signInWithPassword, useSignedIn } from './api';
import { CredentialsForm, type Credentials } from './credentials-form';

/** The credentials that need a second-factor code: the same call is sent again with `otp`. */
interface CodeAsked {
  codeAsked: Credentials;
}

/**
 * Username and password sign-in. A staff account with a second factor is answered
 * `api.auth.second_factor_required`: the form then asks for its code (decision record 029). The
 * dialog keeps `codeAsked`, so the step survives the dialog turning into a drawer and back.
 */
export function LoginForm({
  onSuccess,
  codeAsked,
  setCodeAsked,
}: {
  onSuccess: (user: Me) => void;
  codeAsked: Credentials | null;
  setCodeAsked: (credentials: Credentials | null) => void;
}) {
  const t = useTranslations('auth');
  const signedIn = useSignedIn();
  const [deviceId] = useState(newDeviceId);
  const signIn = (values: Credentials, otp?: string) => signInWithPassword(values, deviceId, otp);
  const finish = async (result: LoginResult) => {
    await signedIn(result);
    onSuccess(result.user);
  };

  if (codeAsked) {
    return (
      <OtpForm
        idPrefix="login"
        send={(otp) => signIn(codeAsked, otp)}
        onSent={finish}
        secondary={
          <Button variant="outline" type="button" onClick={() => setCodeAsked(null)}>
            {t('otpBack')}
          </Button>
        }
      />
    );
  }
  return (
    <CredentialsForm
      idPrefix="login"
      send={(values: Credentials): Promise<LoginResult | CodeAsked> =>
        signIn(values).catch((error: unknown) => {
          if (error instanceof ApiError && error.code === secondFactorCodes.required) return { codeAsked: values };
          throw error;
        })
      }
      onSent={(result) => ('codeAsked' in result ? setCodeAsked(result.codeAsked) : finish(result))}
      actions={(pending) => (
        <Button type="submit" className="w-full py-3 text-base" disabled={pending}>
          {pending && <Spinner />}
          {t('submit')}
        </Button>
      )}
    />
  );
}
