'use client';

import { resolveBankEventBodySchema, type BankEvent } from '@carabala/contracts';
import Link from 'next/link';
import { ListCard } from '@/components/list-card';
import { useTranslations } from 'next-intl';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import type { z } from 'zod';
import { ConfirmButton } from '@/components/confirm-button';
import { FilterTabs } from '@/components/filter-tabs';
import { confirmForm, fieldsOf, schemaResolver } from '@/components/form/schema-form';
import { ListFrame } from '@/components/list-frame';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useUrlState } from '@/components/use-url-state';
import { messageOf } from '@/lib/api-client';
import { formatConsoleTime, formatVnd } from '@/lib/format';
import { useBankEvents, useBankFeed, useResolveBankEvent, useRunBankFeed } from '../api/staff';
import { AttachAction } from './attach-action';
import { MatchBadge, NoteField } from './payment-badges';
import { RefundAction } from './refund-action';
import { useCan } from '@/lib/permissions';

const PAGE_SIZE = 20;
const FILTERS = ['filter'] as const;

type NoteValues = z.input<typeof resolveBankEventBodySchema>;
type NoteBody = z.output<typeof resolveBankEventBodySchema>;

/** Marks a payment handled, with a note saying how. */
function ResolveAction({ event }: { event: BankEvent }) {
  const t = useTranslations('adminPayments');
  const amount = formatVnd(event.amount);
  const resolve = useResolveBankEvent();
  const form = useForm<NoteValues, unknown, NoteBody>({
    resolver: schemaResolver(resolveBankEventBodySchema, (values: NoteValues) => values),
    defaultValues: { note: '' },
    shouldFocusError: false,
  });
  const field = fieldsOf(form, `resolve-${event.id}`, () => t('note'));
  const submit = confirmForm(form, (body) => resolve.mutateAsync({ id: event.id, body }));
  return (
    <ConfirmButton
      variant="outline"
      label={t('bank.resolve')}
      title={t('bank.resolveTitle')}
      description={t('bank.resolveText', { amount })}
      pending={resolve.isPending}
      onConfirm={submit}
      done={() => t('bank.resolved', { amount })}
      failed={t('failed')}
    >
      <NoteField {...field('note')} />
    </ConfirmButton>
  );
}

function EventActions({ event }: { event: BankEvent }) {
  if (!useCan()('payments.write')) return null;
  return (
    <div className="flex flex-wrap gap-2">
      {event.match === 'unmatched' && event.refundedAmount === 0 && <AttachAction event={event} />}
      <ResolveAction event={event} />
    </div>
  );
}

/**
 * What the card is about: the money still to settle when only part of the transfer is held (a surplus,
 * beside what paid for the pack), else the transfer itself.
 */
function EventAmount({ event }: { event: BankEvent }) {
  const t = useTranslations('adminPayments.bank');
  const part = event.heldAmount > 0 && event.heldAmount < event.amount;
  return (
    <span data-testid="bank-event-amount" className="flex flex-wrap items-baseline gap-x-2">
      <span className="text-lg font-black">{formatVnd(part ? event.heldAmount : event.amount)}</span>
      {part && (
        <span className="text-sm text-ink/70">
          {t(event.creditedAmount > 0 ? 'refundableOfPaid' : 'refundableOf', {
            received: formatVnd(event.amount),
            credited: formatVnd(event.creditedAmount),
          })}
        </span>
      )}
    </span>
  );
}

/** The bank-feed pull: on or off, its last run, and "Đối soát ngay". */
function FeedPanel() {
  const t = useTranslations('adminPayments');
  const status = useBankFeed();
  const run = useRunBankFeed();
  const canRun = useCan()('payments.write');
  const feed = status.data;
  return (
    <section data-testid="bank-feed" className="mt-4 rounded-2xl bg-white p-4 ring-1 ring-ink/10 md:flex md:gap-4">
      <div className="min-w-0 flex-1 text-sm">
        <h2 className="font-black">{t('bank.feedTitle')}</h2>
        {feed && !feed.enabled && <p className="mt-1 font-semibold text-amber-800">{t('bank.feedOff')}</p>}
        {feed?.enabled && <p className="mt-1 text-ink/70">{t('bank.feedEvery', { minutes: feed.everyMinutes })}</p>}
        {feed && (
          <p className="mt-1">
            {feed.running
              ? t('bank.feedRunning')
              : feed.lastFinishedAt
                ? t('bank.feedLast', {
                    date: formatConsoleTime(feed.lastFinishedAt),
                    seen: feed.lastSeen,
                    recorded: feed.lastRecorded,
                  })
                : t('bank.feedNever')}
          </p>
        )}
        {feed?.lastError && (
          <div className="mt-1 text-ruby-ink">
            <p className="font-semibold">{t('bank.feedError')}</p>
            {/* The failure as the server saw it, for the technician staff pass it to. */}
            <details className="text-xs">
              <summary className="cursor-pointer">{t('bank.feedErrorDetail')}</summary>
              <code className="break-all">{feed.lastError}</code>
            </details>
          </div>
        )}
      </div>
      {canRun && (
        <Button
          className="mt-3 md:mt-0 md:self-center"
          disabled={!feed?.enabled || run.isPending}
          onClick={() =>
            run.mutate(undefined, {
              onSuccess: (result) => toast.success(t('bank.feedDone', { recorded: result.lastRecorded })),
              onError: (error) => toast.error(messageOf(error, t('failed'))),
            })
          }
        >
          {run.isPending && <Spinner />}
          {t('bank.feedRun')}
        </Button>
      )}
    </section>
  );
}

export function BankPaymentsPage() {
  const t = useTranslations('adminPayments.bank');
  const allowed = useCan();
  const { values, page, update } = useUrlState(FILTERS);
  const filter = values.filter === 'all' ? 'all' : 'review';
  const query = useBankEvents({ filter, page, pageSize: PAGE_SIZE });

  return (
    <ListFrame
      title={t('title')}
      filters={
        <>
          <p className="mt-1 max-w-3xl text-sm text-ink/70">{t('intro')}</p>
          <FeedPanel />
          <FilterTabs
            value={filter}
            options={[
              { value: 'review', label: t('filterReview') },
              { value: 'all', label: t('filterAll') },
            ]}
            onChange={(value) => update({ filter: value === 'review' ? '' : value })}
          />
        </>
      }
      query={query}
      empty={t('empty')}
      row={(event) => (
        <ListCard
          testId="bank-event"
          heading={
            <>
              <EventAmount event={event} />
              <MatchBadge match={event.match} />
              {event.refundedAmount > 0 && (
                <span className="rounded-full bg-ink/5 px-2 py-0.5 text-xs font-bold text-ink/80">
                  {t(event.heldAmount > 0 ? 'partlyRefunded' : 'refunded', {
                    amount: formatVnd(event.refundedAmount),
                  })}
                </span>
              )}
            </>
          }
          actions={
            <>
              {!event.reviewedAt && event.match !== 'credited' && event.match !== 'outgoing' && (
                <EventActions event={event} />
              )}
              {/* Remounted when the held money changes, so the form offers what is left. */}
              {event.heldAmount > 0 && allowed('payments.refund') && (
                <RefundAction key={event.heldAmount} event={event} />
              )}
            </>
          }
        >
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className="text-ink/70">{t('content')}</dt>
            <dd className="font-mono break-all">{event.content ?? '—'}</dd>
            <dt className="text-ink/70">{t('reference')}</dt>
            <dd className="font-mono break-all">{event.referenceCode ?? '—'}</dd>
            <dt className="text-ink/70">{t('account')}</dt>
            <dd className="font-mono">{event.accountNumber ?? '—'}</dd>
            <dt className="text-ink/70">{t('received')}</dt>
            <dd>{formatConsoleTime(event.transactionDate ?? event.receivedAt)}</dd>
            {event.orderId && (
              <>
                <dt className="text-ink/70">{t('order')}</dt>
                <dd>
                  <Link
                    href={`/admin/transactions/${event.orderId}`}
                    className="font-mono break-all text-royal underline"
                  >
                    {event.orderCode ?? t('openOrder')}
                  </Link>
                </dd>
              </>
            )}
          </dl>
          {event.reviewedAt && (
            <p className="mt-2 text-sm text-emerald-800">
              {t('handled', { date: formatConsoleTime(event.reviewedAt), note: event.reviewNote ?? '' })}
            </p>
          )}
        </ListCard>
      )}
    />
  );
}
