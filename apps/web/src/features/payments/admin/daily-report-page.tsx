'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { ExportButton } from '@/components/export-button';
import { DayInput } from '@/components/search-bar';
import { buttonClass } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useUrlState } from '@/components/use-url-state';
import { formatConsoleTime, formatVnd, vietnamDay } from '@/lib/format';
import { downloadDailyReportCsv, useDailyReport } from '../api/staff';
import { MatchBadge } from './payment-badges';

const FILTERS = ['date'] as const;

function Total({ label, value, testId }: { label: string; value: number; testId: string }) {
  return (
    <div className="rounded-2xl bg-white p-3 ring-1 ring-ink/10">
      <p className="text-xs text-ink/60">{label}</p>
      <p data-testid={testId} className="text-lg font-black">
        {formatVnd(value)}
      </p>
    </div>
  );
}

/** A Vietnam-time day's money in = credited + held + refunded, with what does not balance in red. */
export function DailyReportPage() {
  const t = useTranslations('adminPayments.report');
  const { values, update } = useUrlState(FILTERS);
  const date = /^\d{4}-\d{2}-\d{2}$/.test(values.date ?? '') ? values.date! : vietnamDay(new Date());
  const query = useDailyReport(date);
  const report = query.data;
  return (
    <div>
      <h1 className="text-2xl font-black">{t('title')}</h1>
      <p className="mt-1 max-w-3xl text-sm text-ink/70">{t('intro')}</p>
      <div className="mt-4 flex flex-wrap items-end gap-3">
        <label className="text-sm font-semibold">
          {t('date')}
          <DayInput
            value={date}
            onChange={(day) => day && update({ date: day })}
            className="mt-1 block rounded-xl border-2 border-ink/15 bg-white px-3 py-1.5"
          />
        </label>
        <ExportButton
          download={() => downloadDailyReportCsv(date)}
          done={(filename) => t('exported', { filename })}
          className={buttonClass('outline', 'px-4 py-1.5')}
        >
          {t('export')}
        </ExportButton>
      </div>
      {query.isError && <p className="mt-4 text-ruby">{(query.error as Error).message}</p>}
      {query.isPending && (
        <p className="mt-6 flex justify-center">
          <Spinner />
        </p>
      )}
      {report && (
        <>
          <div className="mt-4 grid grid-cols-2 gap-3 md:grid-cols-5">
            <Total label={t('moneyIn')} value={report.moneyIn} testId="report-money-in" />
            <Total label={t('credited')} value={report.credited} testId="report-credited" />
            <Total label={t('held')} value={report.held} testId="report-held" />
            <Total label={t('refunded')} value={report.refunded} testId="report-refunded" />
            <p
              data-testid="report-balance"
              className={`col-span-2 flex items-center justify-center rounded-2xl p-3 text-lg font-black md:col-span-1 ${
                report.balanced ? 'bg-emerald-100 text-emerald-800' : 'bg-red-100 text-red-800'
              }`}
            >
              {report.balanced ? t('balanced') : t('unbalanced')}
            </p>
          </div>
          {report.events.length === 0 && <p className="mt-6 text-center text-ink/60">{t('empty')}</p>}
          <ul className="mt-4 space-y-2">
            {report.events.map((event) => (
              <li
                key={event.id}
                data-testid="report-event"
                className={`rounded-2xl p-3 text-sm ring-1 ${
                  event.problem ? 'bg-red-50 text-red-900 ring-red-300' : 'bg-white ring-ink/10'
                }`}
              >
                <div className="flex flex-wrap items-center gap-2">
                  <span className="font-black">{formatVnd(event.amount)}</span>
                  <MatchBadge match={event.match} />
                  <span className="text-ink/60">{formatConsoleTime(event.receivedAt)}</span>
                  <span className="font-mono break-all text-ink/70">{event.referenceCode ?? '—'}</span>
                </div>
                <p className="mt-1">
                  {t('parts')}: {formatVnd(event.creditedAmount)} / {formatVnd(event.heldAmount)} /{' '}
                  {formatVnd(event.refundedAmount)}
                  {event.orderId && (
                    <>
                      {' · '}
                      {t('order')}{' '}
                      <Link href={`/admin/transactions/${event.orderId}`} className="font-mono text-royal underline">
                        {event.orderCode}
                      </Link>
                    </>
                  )}
                </p>
                {event.problem && (
                  <p role="alert" className="mt-1 font-bold text-red-700">
                    {t('problem')}: {event.problem}
                  </p>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
