'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { LoginDialog } from '@/components/sign-in-slot';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { useSession } from '@/lib/auth';
import { formatItems, formatVietnamTime } from '@/lib/format';
import { useItemNames } from '@/lib/item-names';
import { useMounted } from '@/lib/use-mounted';
import { useCheckIn, useCheckinStatus } from './api';
import { CalendarGrid } from './calendar-grid';

/**
 * "Điểm danh": the calendar with claimed, today's and upcoming days, the player's streak, the rule in one
 * sentence, and the big button (disabled with a sentence once today's check-in is done). Signed out: the
 * calendar and a sign-in prompt.
 */
export function CheckinPage() {
  const t = useTranslations('checkin');
  const mounted = useMounted();
  const names = useItemNames();
  const { user, isLoading } = useSession();
  const userId = user?.id ?? null;
  const status = useCheckinStatus(userId, mounted && !isLoading);
  const checkIn = useCheckIn(userId);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);

  const submit = async () => {
    setOutcome(null);
    try {
      const result = await checkIn.mutateAsync();
      setOutcome({
        ok: true,
        text: t('done', { day: result.claim.calendarDay, items: formatItems(result.claim.items, names) }),
      });
    } catch (error) {
      setOutcome({ ok: false, text: error instanceof ApiError ? error.message : t('failed') });
    }
  };

  if (status.isError)
    return (
      <p role="alert" className="text-center text-ruby">
        {t('loadFailed')}
      </p>
    );
  if (!status.data) {
    return (
      <div className="flex justify-center py-10">
        <Spinner className="size-8 text-royal" />
      </div>
    );
  }
  const { calendar, player } = status.data;
  if (!calendar) return <p className="rounded-2xl bg-white p-6 text-center ring-1 ring-ink/10">{t('closed')}</p>;

  return (
    <section className="mx-auto w-full max-w-5xl space-y-4">
      <div className="space-y-2 rounded-3xl bg-white p-4 shadow-lg ring-1 ring-ink/10 md:p-6">
        <h2 className="text-xl font-black">{calendar.title}</h2>
        <p className="text-sm text-ink/80">{t('rule', { length: calendar.days.length })}</p>
        {player && (
          <p className="font-semibold" data-testid="checkin-streak">
            {t('streak', { count: player.streak })}
          </p>
        )}
        <div className="pt-2">
          {!player ? (
            <div className="space-y-3 text-center">
              <p className="font-bold">{t('signedOut')}</p>
              <LoginDialog
                trigger={(open) => (
                  <Button onClick={open} className="w-full py-3 text-base sm:w-auto sm:px-10">
                    {t('login')}
                  </Button>
                )}
              />
            </div>
          ) : (
            <div className="space-y-2 text-center">
              <Button
                onClick={submit}
                disabled={player.checkedInToday || checkIn.isPending}
                className="w-full py-4 text-lg sm:w-auto sm:px-16"
              >
                {checkIn.isPending && <Spinner />}
                {t('button')}
              </Button>
              {player.checkedInToday && (
                <p className="text-sm text-ink/80" data-testid="checkin-next">
                  {t('doneToday', { time: formatVietnamTime(player.nextAt) })}
                </p>
              )}
            </div>
          )}
          {outcome && (
            <p
              role={outcome.ok ? 'status' : 'alert'}
              className={`mt-2 text-center text-sm ${outcome.ok ? 'text-emerald-700' : 'text-ruby'}`}
            >
              {outcome.text}
            </p>
          )}
        </div>
      </div>
      <CalendarGrid calendar={calendar} player={player} />
      <p className="text-xs text-ink/70">{t('decree')}</p>
    </section>
  );
}
