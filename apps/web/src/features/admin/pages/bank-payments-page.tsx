'use client';

import { type BankEvent, type BankFeedStatus, type Paged } from '@carabala/contracts';
import { formatVnd } from '@carabala/contracts/labels';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { ApiError, api } from '@/lib/api-client';
import { ConfirmButton } from '../components/confirm-button';
import { formatVietnamTimeSeconds } from '@/lib/format';
import { Pager } from '../components/pager';
import { MatchBadge, NoteField } from '../components/payment-badges';
import { useUrlState } from '../components/use-url-state';

const PAGE_SIZE = 20;
const FILTERS = ['filter'] as const;

const fieldError = (error: unknown, field: string) =>
  error instanceof ApiError ? error.errors[field]?.[0] : undefined;

function useBankAction<T>(path: (id: string) => string, success: (event: BankEvent, body: T) => string) {
  const t = useTranslations('adminPayments');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: T }) => api.post<BankEvent>(path(id), body),
    onSuccess: (event, { body }) => {
      toast.success(success(event, body));
      void queryClient.invalidateQueries({ queryKey: ['admin'] });
    },
    onError: (error) => {
      if (!(error instanceof ApiError && Object.keys(error.errors).length)) {
        toast.error(error instanceof ApiError ? error.message : t('failed'));
      }
    },
  });
}

function EventActions({ event }: { event: BankEvent }) {
  const t = useTranslations('adminPayments');
  const amount = formatVnd(event.amount);
  const [code, setCode] = useState('');
  const [attachNote, setAttachNote] = useState('');
  const [resolveNote, setResolveNote] = useState('');
  const attach = useBankAction<{ code: string; note: string }>(
    (id) => `/internal/bank-events/${id}/attach`,
    (_, body) => t('bank.attached', { amount, code: body.code.toUpperCase() }),
  );
  const resolve = useBankAction<{ note: string }>(
    (id) => `/internal/bank-events/${id}/resolve`,
    () => t('bank.resolved', { amount }),
  );
  return (
    <div className="flex flex-wrap gap-2">
      {event.match === 'unmatched' && event.refundedAmount === 0 && (
        <ConfirmButton
          label={t('bank.attach')}
          title={t('bank.attachTitle')}
          description={t('bank.attachText', { amount })}
          pending={attach.isPending}
          onConfirm={() => attach.mutateAsync({ id: event.id, body: { code, note: attachNote } })}
        >
          <TextField
            id={`attach-code-${event.id}`}
            className="mt-3"
            label={t('bank.attachCode')}
            value={code}
            autoCapitalize="characters"
            onChange={(input) => setCode(input.target.value)}
            error={fieldError(attach.error, 'code')}
          />
          <NoteField
            label={t('note')}
            value={attachNote}
            onChange={setAttachNote}
            placeholder={t('notePlaceholder')}
            error={fieldError(attach.error, 'note')}
          />
        </ConfirmButton>
      )}
      <ConfirmButton
        variant="outline"
        label={t('bank.resolve')}
        title={t('bank.resolveTitle')}
        description={t('bank.resolveText', { amount })}
        pending={resolve.isPending}
        onConfirm={() => resolve.mutateAsync({ id: event.id, body: { note: resolveNote } })}
      >
        <NoteField
          label={t('note')}
          value={resolveNote}
          onChange={setResolveNote}
          placeholder={t('notePlaceholder')}
          error={fieldError(resolve.error, 'note')}
        />
      </ConfirmButton>
    </div>
  );
}

/** Money an event still holds: what neither paid for a delivered pack nor was sent back. */
const heldOf = (event: BankEvent) => event.heldAmount;

/** An admin records money sent back to the payer: amount, the outgoing transfer's reference, a reason. */
function RefundAction({ event }: { event: BankEvent }) {
  const t = useTranslations('adminPayments');
  const left = heldOf(event);
  const [amount, setAmount] = useState(String(left));
  const [bankReference, setBankReference] = useState('');
  const [reason, setReason] = useState('');
  const refund = useBankAction<{ amount: number; bankReference: string; reason: string }>(
    (id) => `/internal/bank-events/${id}/refund`,
    (_, body) => t('bank.refundDone', { amount: formatVnd(body.amount) }),
  );
  return (
    <ConfirmButton
      variant="outline"
      label={t('bank.refund')}
      title={t('bank.refundTitle')}
      description={t('bank.refundText', { amount: formatVnd(event.amount), left: formatVnd(left) })}
      pending={refund.isPending}
      onConfirm={() => refund.mutateAsync({ id: event.id, body: { amount: Number(amount), bankReference, reason } })}
    >
      <TextField
        id={`refund-amount-${event.id}`}
        className="mt-3"
        label={t('bank.refundAmount')}
        inputMode="numeric"
        value={amount}
        onChange={(input) => setAmount(input.target.value.replace(/\D/g, ''))}
        error={fieldError(refund.error, 'amount')}
      />
      <TextField
        id={`refund-reference-${event.id}`}
        className="mt-3"
        label={t('bank.refundReference')}
        value={bankReference}
        onChange={(input) => setBankReference(input.target.value)}
        error={fieldError(refund.error, 'bankReference')}
      />
      <NoteField
        label={t('bank.refundReason')}
        value={reason}
        onChange={setReason}
        placeholder={t('notePlaceholder')}
        error={fieldError(refund.error, 'reason')}
      />
    </ConfirmButton>
  );
}

/** The bank-feed pull: on or off, its last run, and "Đối soát ngay". */
function FeedPanel() {
  const t = useTranslations('adminPayments');
  const queryClient = useQueryClient();
  const status = useQuery({
    queryKey: ['admin', 'bank-feed'],
    queryFn: () => api.get<BankFeedStatus>('/internal/bank-feed'),
  });
  const run = useMutation({
    mutationFn: () => api.post<BankFeedStatus>('/internal/bank-feed/run', {}),
    onSuccess: (result) => {
      toast.success(t('bank.feedDone', { recorded: result.lastRecorded }));
      void queryClient.invalidateQueries({ queryKey: ['admin'] });
    },
    onError: (error) => toast.error(error instanceof ApiError ? error.message : t('failed')),
  });
  const feed = status.data;
  return (
    <section data-testid="bank-feed" className="mt-4 rounded-2xl bg-white p-4 ring-1 ring-ink/10 md:flex md:gap-4">
      <div className="min-w-0 flex-1 text-sm">
        <h2 className="font-black">{t('bank.feedTitle')}</h2>
        {feed && !feed.enabled && <p className="mt-1 text-ink/70">{t('bank.feedOff')}</p>}
        {feed?.enabled && <p className="mt-1 text-ink/70">{t('bank.feedEvery', { minutes: feed.everyMinutes })}</p>}
        {feed && (
          <p className="mt-1">
            {feed.running
              ? t('bank.feedRunning')
              : feed.lastFinishedAt
                ? t('bank.feedLast', {
                    date: formatVietnamTimeSeconds(feed.lastFinishedAt),
                    seen: feed.lastSeen,
                    recorded: feed.lastRecorded,
                  })
                : t('bank.feedNever')}
          </p>
        )}
        {feed?.lastError && <p className="mt-1 text-ruby">{t('bank.feedError', { error: feed.lastError })}</p>}
      </div>
      <Button
        className="mt-3 md:mt-0 md:self-center"
        disabled={!feed?.enabled || run.isPending}
        onClick={() => run.mutate()}
      >
        {run.isPending && <Spinner />}
        {t('bank.feedRun')}
      </Button>
    </section>
  );
}

export function BankPaymentsPage() {
  const t = useTranslations('adminPayments.bank');
  const { values, page, update } = useUrlState(FILTERS);
  const filter = values.filter === 'all' ? 'all' : 'review';
  const query = useQuery({
    queryKey: ['admin', 'bank-events', filter, page],
    queryFn: () => api.post<Paged<BankEvent>>('/internal/bank-events/find-many', { filter, page, pageSize: PAGE_SIZE }),
  });
  const tab = (value: 'review' | 'all', label: string) => (
    <button
      type="button"
      aria-pressed={filter === value}
      onClick={() => update({ filter: value === 'review' ? '' : value })}
      className={`rounded-full px-4 py-1.5 text-sm font-semibold ${
        filter === value ? 'bg-royal text-white' : 'bg-white ring-1 ring-ink/15'
      }`}
    >
      {label}
    </button>
  );

  return (
    <div>
      <h1 className="text-2xl font-black">{t('title')}</h1>
      <p className="mt-1 max-w-3xl text-sm text-ink/70">{t('intro')}</p>
      <FeedPanel />
      <div className="mt-4 flex gap-2">
        {tab('review', t('filterReview'))}
        {tab('all', t('filterAll'))}
      </div>
      {query.isError && <p className="mt-4 text-ruby">{(query.error as Error).message}</p>}
      <ul className="mt-4 space-y-3">
        {query.data?.items.map((event) => (
          <li
            key={event.id}
            data-testid="bank-event"
            className="rounded-2xl bg-white p-4 ring-1 ring-ink/10 md:flex md:items-start md:gap-6"
          >
            <div className="min-w-0 flex-1">
              <div className="flex flex-wrap items-center gap-2">
                <span className="text-lg font-black">{formatVnd(event.amount)}</span>
                <MatchBadge match={event.match} />
                {event.refundedAmount > 0 && (
                  <span className="rounded-full bg-ink/5 px-2 py-0.5 text-xs font-bold text-ink/80">
                    {t(heldOf(event) > 0 ? 'partlyRefunded' : 'refunded', {
                      amount: formatVnd(event.refundedAmount),
                    })}
                  </span>
                )}
              </div>
              <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
                <dt className="text-ink/70">{t('content')}</dt>
                <dd className="font-mono break-all">{event.content ?? '—'}</dd>
                <dt className="text-ink/70">{t('reference')}</dt>
                <dd className="font-mono break-all">{event.referenceCode ?? '—'}</dd>
                <dt className="text-ink/70">{t('account')}</dt>
                <dd className="font-mono">{event.accountNumber ?? '—'}</dd>
                <dt className="text-ink/70">{t('received')}</dt>
                <dd>{formatVietnamTimeSeconds(event.transactionDate ?? event.receivedAt)}</dd>
                {event.orderId && (
                  <>
                    <dt className="text-ink/70">{t('order')}</dt>
                    <dd>
                      <Link
                        href={`/admin/transactions/${event.orderId}`}
                        className="font-mono break-all text-royal underline"
                      >
                        {event.orderId}
                      </Link>
                    </dd>
                  </>
                )}
              </dl>
              {event.reviewedAt && (
                <p className="mt-2 text-sm text-emerald-800">
                  {t('handled', { date: formatVietnamTimeSeconds(event.reviewedAt), note: event.reviewNote ?? '' })}
                </p>
              )}
            </div>
            <div className="mt-3 flex flex-wrap gap-2 md:mt-0">
              {!event.reviewedAt && event.match !== 'credited' && event.match !== 'outgoing' && (
                <EventActions event={event} />
              )}
              {/* Remounted when the held money changes, so the form offers what is left. */}
              {heldOf(event) > 0 && <RefundAction key={heldOf(event)} event={event} />}
            </div>
          </li>
        ))}
      </ul>
      {query.isPending && (
        <p className="mt-6 flex justify-center">
          <Spinner />
        </p>
      )}
      {query.data && query.data.items.length === 0 && <p className="mt-6 text-center text-ink/70">{t('empty')}</p>}
      {query.data && (
        <Pager page={page} pageSize={PAGE_SIZE} total={query.data.total} onPage={(next) => update({ page: next })} />
      )}
    </div>
  );
}
