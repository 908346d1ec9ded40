'use client';

import { secondFactorCodes, type LoginResult, type Me } from '@carabala/contracts';
import { useMutation } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { OtpForm } from '@/components/form/otp-form';
import { FormError } from '@/components/form/sent-form';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { newDeviceId, resendVerification, signInWithPassword, useSignedIn } from './api';
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
  /** The username the API answered "not verified" for: the form then offers to send its e-mail again. */
  const [unverified, setUnverified] = useState<string | null>(null);
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
          setUnverified(error instanceof ApiError && error.code.endsWith('.unactivated') ? values.username : null);
          throw error;
        })
      }
      onSent={(result) => ('codeAsked' in result ? setCodeAsked(result.codeAsked) : finish(result))}
      actions={(pending) => (
        <>
          {unverified && <ResendVerification username={unverified} />}
          <Button type="submit" className="w-full py-3 text-base" disabled={pending}>
            {pending && <Spinner />}
            {t('submit')}
          </Button>
        </>
      )}
    />
  );
}

/** "Gửi lại email xác minh": the API answers the same whether or not it sent one (decision record 056). */
function ResendVerification({ username }: { username: string }) {
  const t = useTranslations('auth.accountLinks');
  const resend = useMutation({ mutationFn: () => resendVerification(username) });
  if (resend.isSuccess) {
    return (
      <p role="status" className="rounded-lg bg-leaf/10 px-3 py-2 text-sm text-leaf-ink">
        {t('resent')}
      </p>
    );
  }
  return (
    <>
      {resend.error instanceof ApiError && <FormError message={resend.error.message} />}
      <Button variant="outline" className="w-full" disabled={resend.isPending} onClick={() => resend.mutate()}>
        {resend.isPending && <Spinner />}
        {t('resend')}
      </Button>
    </>
  );
}
