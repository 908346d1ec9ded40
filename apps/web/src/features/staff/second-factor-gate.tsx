'use client';

import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { OtpForm } from '@/components/form/otp-form';
import { Spinner } from '@/components/ui/spinner';
import { messageOf } from '@/lib/api-client';
import { stepUp, useRefreshSecondFactor, useSecondFactorStatus } from './api/second-factor';
import { SecondFactorEnrolment } from './second-factor-enrolment';
import { StepUpDialog } from './step-up-dialog';

const card = 'mx-auto my-10 max-w-md space-y-4 rounded-3xl bg-white p-6 shadow ring-1 ring-ink/10';

/**
 * The console opens only to a session that entered a second-factor code: an account without one
 * enrols here first ("Bảo mật tài khoản"); a session without a code (a social sign-in) is asked for one.
 */
export function SecondFactorGate({ children }: { children: ReactNode }) {
  const t = useTranslations('admin.security');
  const status = useSecondFactorStatus();
  const refresh = useRefreshSecondFactor();

  if (status.isPending) {
    return (
      <div className="flex justify-center py-16">
        <Spinner />
      </div>
    );
  }
  if (status.isError) {
    return (
      <p role="alert" className={card}>
        {messageOf(status.error, t('failed'))}
      </p>
    );
  }
  if (status.data.enrolled && status.data.verified) return <StepUpDialog>{children}</StepUpDialog>;
  // Not enrolled yet: enrol now; enrolled: this session enters a code first.
  return (
    <section className={card} aria-labelledby="second-factor-title">
      <h1 id="second-factor-title" className="text-xl font-black">
        {t(status.data.enrolled ? 'codeTitle' : 'title')}
      </h1>
      {status.data.enrolled ? (
        <OtpForm idPrefix="session-code" send={stepUp} onSent={(answered) => void refresh(answered)} />
      ) : (
        <>
          <p className="text-sm font-semibold">{t('required')}</p>
          <SecondFactorEnrolment onDone={() => void refresh()} />
        </>
      )}
    </section>
  );
}
