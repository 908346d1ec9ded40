'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { OtpForm } from '@/components/form/otp-form';
import { Button } from '@/components/ui/button';
import { ResponsiveDialog } from '@/components/ui/responsive-dialog';
import { setCodeHandler } from '@/lib/api-client';
import { stepUp, useRefreshSecondFactor } from './api/second-factor';

/**
 * Step-up in place: a money or power action refused for want of a recent code opens this dialog;
 * once a code is accepted the API client sends the action again. Calls refused together share one
 * dialog. Decision record 029.
 */
export function StepUpDialog({ children }: { children: ReactNode }) {
  const t = useTranslations('admin.security');
  const refresh = useRefreshSecondFactor();
  const [asked, setAsked] = useState(0);
  const waiting = useRef<{ promise: Promise<boolean>; resolve: (entered: boolean) => void } | null>(null);

  useEffect(() => {
    setCodeHandler(() => {
      if (!waiting.current) {
        let resolve!: (entered: boolean) => void;
        const promise = new Promise<boolean>((done) => (resolve = done));
        waiting.current = { promise, resolve };
        setAsked((count) => count + 1);
      }
      return waiting.current.promise;
    });
    return () => setCodeHandler(null);
  }, []);

  const close = (entered: boolean) => {
    waiting.current?.resolve(entered);
    waiting.current = null;
    setAsked(0);
  };

  return (
    <>
      {children}
      <ResponsiveDialog
        open={asked > 0}
        onOpenChange={(open) => !open && close(false)}
        title={t('stepUpTitle')}
        dismissible={false}
      >
        <OtpForm
          key={asked}
          idPrefix="step-up"
          hint={t('stepUpText')}
          send={stepUp}
          onSent={(status) => {
            void refresh(status);
            close(true);
          }}
          secondary={
            <Button variant="outline" type="button" onClick={() => close(false)}>
              {t('cancel')}
            </Button>
          }
        />
      </ResponsiveDialog>
    </>
  );
}
