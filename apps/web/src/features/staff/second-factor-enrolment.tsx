'use client';

import { useMutation } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { OtpForm } from '@/components/form/otp-form';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { QrImage } from '@/components/qr-image';
import { messageOf } from '@/lib/api-client';
import { confirmEnrolment, startEnrolment } from './api/second-factor';
import { FormError } from '@/components/form/sent-form';

/** Recovery codes, shown once: only their hashes are kept. */
export function RecoveryCodes({ codes, onSaved }: { codes: string[]; onSaved: () => void }) {
  const t = useTranslations('admin.security');
  return (
    <div className="space-y-3">
      <p className="text-sm text-ink/80">{t('recoveryText')}</p>
      <ol
        aria-label={t('recoveryTitle')}
        className="grid grid-cols-2 gap-2 rounded-xl bg-ink/5 p-3 font-mono text-sm"
        data-testid="recovery-codes"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <Button className="w-full" onClick={onSaved}>
        {t('recoverySaved')}
      </Button>
    </div>
  );
}

/** Enrolment: a new secret as a QR code and in base32, one code to turn it on, then the recovery codes. */
export function SecondFactorEnrolment({ onDone }: { onDone: () => void }) {
  const t = useTranslations('admin.security');
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const start = useMutation({ mutationFn: startEnrolment });

  if (recoveryCodes) return <RecoveryCodes codes={recoveryCodes} onSaved={onDone} />;
  if (!start.data) {
    return (
      <div className="space-y-3">
        <p className="text-sm text-ink/80">{t('enrolText')}</p>
        <FormError message={start.isError ? messageOf(start.error, t('failed')) : null} />
        <Button className="w-full" disabled={start.isPending} onClick={() => start.mutate()}>
          {start.isPending && <Spinner />}
          {t('enrolStart')}
        </Button>
      </div>
    );
  }
  return (
    <div className="space-y-4">
      <ol className="list-decimal space-y-1 pl-5 text-sm text-ink/80">
        <li>{t('enrolScan')}</li>
        <li>{t('enrolConfirm')}</li>
      </ol>
      <div className="mx-auto w-48">
        <QrImage payload={start.data.otpauthUrl} alt={t('qrAlt')} testId="totp-qr" />
      </div>
      <p className="text-center text-sm">
        {t('secretLabel')}{' '}
        <code data-testid="totp-secret" className="font-mono font-bold tracking-wider break-all text-royal">
          {start.data.secret}
        </code>
      </p>
      <OtpForm
        idPrefix="enrol"
        hint={t('enrolCodeHint')}
        submitLabel={t('enrolSubmit')}
        send={confirmEnrolment}
        onSent={(result) => setRecoveryCodes(result.recoveryCodes)}
      />
    </div>
  );
}
