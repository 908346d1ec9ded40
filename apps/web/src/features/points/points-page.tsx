'use client';

import type { PointsEntry } from '@carabala/contracts';
import { useTranslations } from 'next-intl';
import Link from 'next/link';
import { useState } from 'react';
import { LoginGate } from '@/components/sign-in-slot';
import { Button, buttonClass } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useSession } from '@/lib/auth';
import { formatCount, formatVietnamTime } from '@/lib/format';
import { usePointsHistory, usePointsSummary } from './api/points';

/** One ledger line as a Vietnamese (or English) sentence. */
export function useEntrySentence() {
  const t = useTranslations('points');
  return (entry: PointsEntry) => {
    const points = formatCount(Math.abs(entry.points));
    const about = entry.about ?? '';
    if (entry.kind === 'adjust')
      return t(entry.points >= 0 ? 'entry.adjustAdd' : 'entry.adjustRemove', { points, about });
    return t(`entry.${entry.kind}`, { points, about });
  };
}

function Loading() {
  return (
    <div className="flex justify-center py-10">
      <Spinner className="size-8 text-royal" />
    </div>
  );
}

function Failed({ retry }: { retry: () => void }) {
  const t = useTranslations('points');
  return (
    <div className="text-center" role="alert">
      <p className="text-ink/70">{t('loadError')}</p>
      <Button className="mt-3" onClick={retry}>
        {t('retry')}
      </Button>
    </div>
  );
}

function History({ userId }: { userId: string }) {
  const t = useTranslations('points');
  const sentence = useEntrySentence();
  const [page, setPage] = useState(1);
  const history = usePointsHistory(userId, page);
  if (history.isError) return <Failed retry={() => void history.refetch()} />;
  if (!history.data) return <Loading />;
  const { items, total, pageSize } = history.data;
  if (items.length === 0) return <p className="text-center text-ink/70">{t('historyEmpty')}</p>;
  return (
    <>
      <ul className="flex flex-col gap-2" data-testid="points-history">
        {items.map((entry) => (
          <li key={entry.id} className="flex items-start gap-3 rounded-xl bg-white p-3 ring-1 ring-ink/10">
            <div className="min-w-0 flex-1">
              <p className="font-semibold break-words">{sentence(entry)}</p>
              <p className="mt-1 flex flex-wrap gap-x-3 text-xs text-ink/60">
                <time dateTime={entry.createdAt}>{formatVietnamTime(entry.createdAt)}</time>
                {entry.expiresAt && entry.points > 0 && (
                  <span>{t('expiresAt', { at: formatVietnamTime(entry.expiresAt) })}</span>
                )}
              </p>
            </div>
            <span className={`shrink-0 font-black ${entry.points >= 0 ? 'text-emerald-700' : 'text-ruby-ink'}`}>
              {entry.points > 0 ? '+' : '−'}
              {formatCount(Math.abs(entry.points))}
            </span>
          </li>
        ))}
      </ul>
      {total > pageSize && (
        <div className="mt-3 flex justify-between">
          <Button variant="outline" disabled={page === 1} onClick={() => setPage(page - 1)}>
            {t('previous')}
          </Button>
          <Button variant="outline" disabled={page * pageSize >= total} onClick={() => setPage(page + 1)}>
            {t('next')}
          </Button>
        </div>
      )}
    </>
  );
}

function Points({ userId }: { userId: string }) {
  const t = useTranslations('points');
  const summary = usePointsSummary(userId);
  if (summary.isError) return <Failed retry={() => void summary.refetch()} />;
  if (!summary.data) return <Loading />;
  const { balance, expiringSoon, rate, expiryMonths } = summary.data;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-5">
      <section className="rounded-2xl bg-white p-5 ring-1 ring-ink/10 md:flex md:items-center md:gap-6">
        <div className="flex-1">
          <p className="text-sm font-bold text-ink/70">{t('balance')}</p>
          <p className="text-4xl font-black text-royal" data-testid="points-balance">
            {t('points', { points: formatCount(balance) })}
          </p>
          {expiringSoon && (
            <p className="mt-2 font-semibold text-amber-800" data-testid="points-expiring">
              {t('expiringSoon', {
                points: formatCount(expiringSoon.points),
                at: formatVietnamTime(expiringSoon.at),
              })}
            </p>
          )}
          <p className="mt-2 text-sm text-ink/70">{rate ? t('rate', { rate }) : t('noRate')}</p>
          {rate !== null && (
            <p className="text-sm text-ink/70">
              {expiryMonths ? t('expiry', { months: expiryMonths }) : t('noExpiry')}
            </p>
          )}
        </div>
        <Link href="/points/shop" className={buttonClass('primary', 'mt-4 md:mt-0')} data-testid="points-to-shop">
          {t('toShop')}
        </Link>
      </section>
      <section>
        <h2 className="mb-3 text-xl font-black">{t('history')}</h2>
        <History userId={userId} />
      </section>
      <p className="text-xs text-ink/60">{t('law')}</p>
    </div>
  );
}

/** "Điểm tích lũy": the signed-in player's balance, what expires soon, and the ledger in sentences. */
export function PointsPage() {
  const t = useTranslations('points');
  const { user } = useSession();
  return <LoginGate text={t('gate')}>{user ? <Points userId={user.id} /> : <Loading />}</LoginGate>;
}
