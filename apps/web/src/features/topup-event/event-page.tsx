'use client';

import type { PromotionEvent, PromotionEventProgress } from '@carabala/contracts';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { LoginDialog } from '@/components/sign-in-slot';
import { Button, buttonClass } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useSession } from '@/lib/auth';
import { formatItems, formatVietnamTime, formatVnd } from '@/lib/format';
import { useItemNames } from '@/lib/item-names';
import { useMounted } from '@/lib/use-mounted';
import { useNow } from '@/lib/use-now';
import { useEventProgress, useTopupEvent } from './api';

/** The bar to the next milestone: the paid total against it (full once every milestone is passed). */
export function progressShare(spent: number, next: number | null) {
  if (next === null) return 100;
  return Math.min(100, Math.floor((spent / next) * 100));
}

function Progress({ event, progress }: { event: PromotionEvent; progress: PromotionEventProgress }) {
  const t = useTranslations('topupEvent');
  const share = progressShare(progress.spent, progress.next);
  const now = useNow(false);
  return (
    <div className="space-y-2">
      <p className="font-semibold" data-testid="event-spent">
        {t('spent', { amount: formatVnd(progress.spent) })}
      </p>
      <div
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={share}
        aria-label={t('progressLabel')}
        className="h-4 overflow-hidden rounded-full bg-ink/10"
      >
        <div className="h-full rounded-full bg-gradient-to-r from-gold to-gold-deep" style={{ width: `${share}%` }} />
      </div>
      <p className="text-sm text-ink/80">
        {progress.next === null
          ? t('allPassed')
          : t('toNext', { amount: formatVnd(progress.next - progress.spent), next: formatVnd(progress.next) })}
      </p>
      {Date.parse(event.endsAt) <= now && <p className="text-sm text-ruby">{t('ended')}</p>}
    </div>
  );
}

/**
 * "Sự kiện nạp tích lũy": a spend-milestones promotion's window, each milestone with its rewards and
 * whether the player received it, the progress bar to the next, and the way to the store.
 */
export function EventPage({ id }: { id: number }) {
  const t = useTranslations('topupEvent');
  const names = useItemNames();
  const mounted = useMounted();
  const { user, isLoading } = useSession();
  const event = useTopupEvent(id);
  const progress = useEventProgress(id, mounted && !isLoading ? (user?.id ?? null) : null);

  if (event.isError)
    return (
      <p role="alert" className="rounded-2xl bg-white p-6 text-center ring-1 ring-ink/10">
        {t('notFound')}
      </p>
    );
  if (!event.data) {
    return (
      <div className="flex justify-center py-10">
        <Spinner className="size-8 text-royal" />
      </div>
    );
  }
  const data = event.data;
  const received = new Map((progress.data?.received ?? []).map((entry) => [entry.threshold, entry.at]));
  const milestones = [...data.milestones].sort((a, b) => a.threshold - b.threshold);
  return (
    <section className="mx-auto w-full max-w-3xl space-y-4">
      <div className="space-y-3 rounded-3xl bg-white p-4 shadow-lg ring-1 ring-ink/10 md:p-6">
        <h2 className="text-xl font-black break-words">{data.title}</h2>
        <p className="text-sm text-ink/80">
          {t('window', { from: formatVietnamTime(data.startsAt), to: formatVietnamTime(data.endsAt) })}
        </p>
        <p className="text-sm text-ink/80">{t('rule')}</p>
        {(data.packIds.length > 0 || data.tabs.length > 0) && <p className="text-sm text-ink/80">{t('packsOnly')}</p>}
        {progress.data ? (
          <Progress event={data} progress={progress.data} />
        ) : mounted && !isLoading && !user ? (
          <div className="space-y-2">
            <p className="font-semibold">{t('signedOut')}</p>
            <LoginDialog trigger={(open) => <Button onClick={open}>{t('login')}</Button>} />
          </div>
        ) : null}
        <Link href="/store" className={buttonClass('primary', 'w-full py-3 text-base sm:w-auto sm:px-10')}>
          {t('buy')}
        </Link>
      </div>
      <ol className="space-y-2">
        {milestones.map((milestone) => {
          const at = received.get(milestone.threshold);
          return (
            <li
              key={milestone.threshold}
              data-testid={`event-milestone-${milestone.threshold}`}
              className={`flex flex-col gap-1 rounded-xl p-3 ring-1 sm:flex-row sm:items-center sm:justify-between ${at ? 'bg-emerald-50 ring-emerald-500/50' : 'bg-white ring-ink/10'}`}
            >
              <span className="font-bold">{t('milestone', { threshold: formatVnd(milestone.threshold) })}</span>
              <span className="text-sm break-words">{formatItems(milestone.items, names)}</span>
              <span className="text-xs font-semibold">
                {at ? t('received', { time: formatVietnamTime(at) }) : t('notYet')}
              </span>
            </li>
          );
        })}
      </ol>
      <p className="text-xs text-ink/70">{t('decree')}</p>
    </section>
  );
}
