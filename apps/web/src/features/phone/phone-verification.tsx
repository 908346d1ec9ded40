'use client';

import type { PhoneCodeSent, PhoneStatus, PhoneTarget } from '@carabala/contracts';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Badge } from '@/components/badge';
import { FormError } from '@/components/form/sent-form';
import { LoginDialog } from '@/components/sign-in-slot';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { useSession } from '@/lib/auth';
import { useMounted } from '@/lib/use-mounted';
import { sendPhoneCode, usePhoneStatus, useVerifyPhone } from './api/phone';
import { CodeForm, NewNumberForm, useSecondsUntil } from './code-forms';

/** One number (the account's or the guardian's): its state, sending a code, entering it, resending. */
function NumberCard({
  target,
  title,
  number,
  smsAvailable,
  userId,
  canChange,
}: {
  target: PhoneTarget;
  title: string;
  number: { phone: string; verified: boolean } | null;
  smsAvailable: boolean;
  userId: string;
  canChange: boolean;
}) {
  const t = useTranslations('phone');
  const verify = useVerifyPhone(userId);
  const [sent, setSent] = useState<PhoneCodeSent | null>(null);
  // The new number the pending code went to (resent to it); undefined: the account's own.
  const [pendingPhone, setPendingPhone] = useState<string | undefined>(undefined);
  const [changing, setChanging] = useState(!number && canChange);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const wait = useSecondsUntil(sent?.resendAt ?? null);

  const send = async (phone: string | undefined, fromForm = false) => {
    setError(null);
    setSending(true);
    try {
      setSent(await sendPhoneCode(target, phone));
      setPendingPhone(phone);
      setChanging(false);
    } catch (caught) {
      // A refusal of a typed number goes back to its form; any other is said here.
      if (fromForm && caught instanceof ApiError && caught.errors.phone) throw caught;
      setError(caught instanceof ApiError ? caught.message : t('genericError'));
    } finally {
      setSending(false);
    }
  };

  return (
    <section
      className="space-y-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-ink/10"
      data-testid={`phone-${target}`}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <h2 className="font-bold text-ink">{title}</h2>
          {number ? (
            <p className="font-mono text-lg text-ink/80">{number.phone}</p>
          ) : (
            <p className="text-ink/70">{t('noNumber')}</p>
          )}
        </div>
        {number && (
          <Badge tone={number.verified ? 'good' : 'wait'}>{number.verified ? t('verified') : t('notVerified')}</Badge>
        )}
      </div>
      {!smsAvailable ? (
        (!number?.verified || canChange) && <FormError message={t('smsUnavailable')} />
      ) : changing ? (
        <NewNumberForm send={(phone) => send(phone, true)} onCancel={() => setChanging(false)} />
      ) : (
        <>
          {sent ? (
            <div className="space-y-3">
              {/* The number is not broken across lines at its spaces ("0900 ***" / "069"). */}
              <p className="text-sm text-ink/80">{t('sentTo', { phone: sent.sentTo.replace(/ /g, '\u00a0') })}</p>
              <CodeForm
                idPrefix={`phone-code-${target}`}
                send={(code) => verify(target, code).then(() => setSent(null))}
              />
            </div>
          ) : null}
          <FormError message={error} />
          <div className="flex flex-col gap-2 sm:flex-row">
            {(sent || (number && !number.verified)) && (
              <Button
                variant={sent ? 'outline' : 'primary'}
                className="w-full whitespace-nowrap sm:flex-1"
                disabled={sending || wait > 0}
                onClick={() => void send(sent ? pendingPhone : undefined)}
              >
                {sending && <Spinner />}
                {wait > 0 ? t('resendIn', { seconds: wait }) : sent ? t('resend') : t('sendCode')}
              </Button>
            )}
            {canChange && (
              <Button variant="ghost" onClick={() => setChanging(true)}>
                {number ? t('changeNumber') : t('addNumber')}
              </Button>
            )}
          </div>
        </>
      )}
    </section>
  );
}

const gateKeys = { buy: 'gateBuy', play: 'gatePlay', 'sign-in': 'gateSignIn' } as const;

function Verification({ status, userId }: { status: PhoneStatus; userId: string }) {
  const t = useTranslations('phone');
  return (
    <div className="space-y-4">
      {status.requiredFor.length > 0 && (
        <p className="rounded-xl bg-gold/15 px-4 py-3 text-sm text-gold-ink">
          {t('required', { actions: status.requiredFor.map((gate) => t(gateKeys[gate])).join(', ') })}
        </p>
      )}
      <NumberCard
        target="phone"
        title={t('ownNumber')}
        number={status.phone}
        smsAvailable={status.smsAvailable}
        userId={userId}
        canChange
      />
      {status.guardian && (
        <NumberCard
          target="guardian"
          title={t('guardianNumber', { name: status.guardian.name })}
          number={status.guardian}
          smsAvailable={status.smsAvailable}
          userId={userId}
          canChange={false}
        />
      )}
      <p className="text-xs text-ink/60">{t('privacy')}</p>
    </div>
  );
}

/** "Xác minh số điện thoại": the signed-in player's numbers; signed out, a sign-in button that keeps them here. */
export function PhoneVerification() {
  const t = useTranslations('phone');
  const mounted = useMounted();
  const { user, isLoading } = useSession();
  const status = usePhoneStatus(user?.id ?? '');
  if (!mounted || isLoading) return <div className="h-48" aria-busy="true" />;
  if (!user?.id) {
    return (
      <div className="mx-auto max-w-md space-y-4 text-center">
        <p className="text-lg font-bold text-ink">{t('signedOut')}</p>
        <LoginDialog
          trigger={(open: () => void) => (
            <Button onClick={open} className="w-full py-3">
              {t('signIn')}
            </Button>
          )}
        />
      </div>
    );
  }
  return (
    <div className="mx-auto w-full max-w-md">
      {status.data ? (
        <Verification status={status.data} userId={user.id} />
      ) : status.isError ? (
        <FormError message={status.error instanceof ApiError ? status.error.message : t('genericError')} />
      ) : (
        <div className="h-48" aria-busy="true" />
      )}
    </div>
  );
}
