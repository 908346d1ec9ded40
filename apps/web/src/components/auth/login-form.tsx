'use client';

import type { LoginResult, Me } from '@carabala/contracts';
import { useTranslations } from 'next-intl';
import { publicConfig } from '@/config';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { Button } from '../ui/button';
import { Spinner } from '../ui/spinner';
import { CredentialsForm, type Credentials } from './credentials-form';

/** Username and password sign-in. */
export function LoginForm({ onSuccess }: { onSuccess: (user: Me) => void }) {
  const t = useTranslations('auth');
  const { signedIn } = useSession();
  return (
    <CredentialsForm
      idPrefix="login"
      send={(values: Credentials) =>
        api.post<LoginResult>(`/auth/${publicConfig.product}`, {
          ...values,
          deviceId: `${publicConfig.product}.web.${crypto.randomUUID()}`,
        })
      }
      onSent={async (result) => {
        await signedIn(result);
        onSuccess(result.user);
      }}
      actions={(pending) => (
        <Button type="submit" className="w-full py-3 text-base" disabled={pending}>
          {pending && <Spinner />}
          {t('submit')}
        </Button>
      )}
    />
  );
}
