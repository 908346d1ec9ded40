'use client';

import { useMutation } from '@tanstack/react-query';
import { Button } from '@/components/ui/button';
import { useTranslations } from 'next-intl';
import { ConfirmButton } from '@/components/confirm-button';
import { formatConsoleTime } from '@/lib/format';
import { endStepUp, regenerateRecoveryCodes, useRefreshSecondFactor, useSecondFactorStatus } from './api/second-factor';
import { RecoveryCodes } from './second-factor-enrolment';

/** "Bảo mật tài khoản": the second factor's state and new recovery codes (a power action: step-up). */
export function SecurityPage() {
  const t = useTranslations('admin.security');
  const status = useSecondFactorStatus();
  const refresh = useRefreshSecondFactor();
  const regenerate = useMutation({ mutationFn: regenerateRecoveryCodes, onSuccess: () => void refresh() });
  const lock = useMutation({ mutationFn: endStepUp, onSuccess: (answered) => void refresh(answered) });

  return (
    <section className="max-w-xl space-y-4">
      <h1 className="text-2xl font-black">{t('title')}</h1>
      <div className="space-y-2 rounded-2xl bg-white p-4 text-sm ring-1 ring-ink/10">
        <p className="font-semibold text-leaf-ink">{t('on')}</p>
        {status.data && (
          <>
            <p>{t('recoveryLeft', { count: status.data.recoveryCodesLeft })}</p>
            <p>
              {status.data.stepUpUntil
                ? t('stepUpUntil', { time: formatConsoleTime(status.data.stepUpUntil) })
                : t('stepUpNone')}
            </p>
            {status.data.stepUpUntil && (
              <Button variant="outline" disabled={lock.isPending} onClick={() => lock.mutate()}>
                {t('endStepUp')}
              </Button>
            )}
          </>
        )}
      </div>
      {regenerate.data ? (
        <div className="rounded-2xl bg-white p-4 ring-1 ring-ink/10">
          <h2 className="mb-2 font-bold">{t('recoveryTitle')}</h2>
          <RecoveryCodes codes={regenerate.data.recoveryCodes} onSaved={() => regenerate.reset()} />
        </div>
      ) : (
        <ConfirmButton
          label={t('regenerate')}
          title={t('regenerateTitle')}
          description={t('regenerateText')}
          pending={regenerate.isPending}
          onConfirm={() => regenerate.mutateAsync()}
          failed={t('failed')}
        />
      )}
    </section>
  );
}
