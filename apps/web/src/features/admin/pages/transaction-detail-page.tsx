'use client';

import { type InternalTransaction, type InternalTransactionDetail } from '@carabala/contracts';
import { formatVnd, itemLabels } from '@carabala/contracts/labels';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useState, type ReactNode } from 'react';
import toast from 'react-hot-toast';
import { Spinner } from '@/components/ui/spinner';
import { ApiError, api } from '@/lib/api-client';
import { ConfirmButton } from '../components/confirm-button';
import { formatVietnamTimeSeconds } from '@/lib/format';
import { DeliveryBadge, MatchBadge, NoteField, StatusBadge } from '../components/payment-badges';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 border-b border-ink/5 py-2 sm:flex-row sm:gap-4">
      <dt className="text-sm font-semibold text-ink/70 sm:w-44 sm:shrink-0">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mt-4 rounded-2xl bg-white p-4 ring-1 ring-ink/10 md:p-5">
      <h2 className="text-lg font-black">{title}</h2>
      {children}
    </section>
  );
}

function MarkPaid({ order }: { order: InternalTransactionDetail }) {
  const t = useTranslations('adminPayments');
  const queryClient = useQueryClient();
  const [note, setNote] = useState('');
  const mark = useMutation({
    mutationFn: () => api.post<InternalTransaction>(`/internal/transactions/${order.id}/mark`, { note }),
    onSuccess: () => {
      toast.success(t('detail.marked', { code: order.code }));
      setNote('');
      void queryClient.invalidateQueries({ queryKey: ['admin', 'transactions'] });
    },
    onError: (error) => {
      if (!(error instanceof ApiError && error.errors.note)) {
        toast.error(error instanceof ApiError ? error.message : t('failed'));
      }
    },
  });
  const noteError = mark.error instanceof ApiError ? mark.error.errors.note?.[0] : undefined;
  return (
    <ConfirmButton
      label={t('detail.markPaid')}
      title={t('detail.markTitle')}
      description={t('detail.markText')}
      pending={mark.isPending}
      onConfirm={() => mark.mutateAsync()}
    >
      <NoteField
        label={t('note')}
        value={note}
        onChange={setNote}
        error={noteError}
        placeholder={t('notePlaceholder')}
      />
    </ConfirmButton>
  );
}

function RetryMail({ mailId }: { mailId: string }) {
  const t = useTranslations('adminPayments');
  const queryClient = useQueryClient();
  const retry = useMutation({
    mutationFn: () => api.post(`/internal/mails/${mailId}/retry`),
    onSuccess: () => {
      toast.success(t('detail.retried'));
      void queryClient.invalidateQueries({ queryKey: ['admin'] });
    },
    onError: (error) => toast.error(error instanceof ApiError ? error.message : t('failed')),
  });
  return (
    <ConfirmButton
      label={t('detail.retry')}
      title={t('deliveries.retryTitle')}
      description={t('detail.retryText')}
      pending={retry.isPending}
      onConfirm={() => retry.mutateAsync()}
    />
  );
}

export function TransactionDetailPage({ id }: { id: string }) {
  const t = useTranslations('adminPayments.detail');
  const tp = useTranslations('adminPayments');
  const query = useQuery({
    queryKey: ['admin', 'transactions', 'detail', id],
    queryFn: () => api.get<InternalTransactionDetail>(`/internal/transactions/${id}`),
    // A paid order's mail leaves within seconds: keep the delivery state fresh while it is pending.
    refetchInterval: (current) => (current.state.data?.mail?.status === 'pending' ? 2000 : false),
  });

  if (query.isPending) {
    return (
      <p className="mt-10 flex justify-center">
        <Spinner className="size-6" />
      </p>
    );
  }
  if (query.isError) {
    return (
      <div>
        <Link href="/admin/transactions" className="text-sm font-semibold text-royal">
          {t('back')}
        </Link>
        <p className="mt-4 text-ruby">{query.error instanceof ApiError ? query.error.message : t('notFound')}</p>
      </div>
    );
  }
  const order = query.data;
  // A hand-marked or granted order is paid without the money; "missing" only means something while waiting.
  const gap = order.totalPrice - order.accumulatedAmount;

  return (
    <div>
      <Link href="/admin/transactions" className="text-sm font-semibold text-royal">
        {t('back')}
      </Link>
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <h1 className="font-mono text-xl font-black break-all md:text-2xl">{t('title', { code: order.code })}</h1>
        <StatusBadge status={order.status} />
        <DeliveryBadge delivery={order.delivery} />
      </div>
      {order.status === 'initial' && (
        <div className="mt-3">
          <MarkPaid order={order} />
        </div>
      )}

      <Card title={tp('transactions.title')}>
        <dl className="mt-2">
          <Row label={t('id')}>
            <span className="font-mono text-sm">{order.id}</span>
          </Row>
          <Row label={t('code')}>
            <span className="font-mono">{order.code}</span>
          </Row>
          <Row label={t('pack')}>
            {order.productTitle} <span className="text-ink/70">(#{order.productId})</span> · {tp(`kind.${order.kind}`)}
          </Row>
          <Row label={t('totalPrice')}>{formatVnd(order.totalPrice)}</Row>
          <Row label={t('accumulated')}>
            {formatVnd(order.accumulatedAmount)}
            {gap > 0 && order.status === 'initial' && (
              <span className="ml-2 text-amber-700">
                ({t('missing')}: {formatVnd(gap)})
              </span>
            )}
            {gap < 0 && (
              <span className="ml-2 text-red-700">
                ({t('surplus')}: {formatVnd(-gap)})
              </span>
            )}
          </Row>
          <Row label={t('receiver')}>
            {order.receiver.displayName} <span className="font-mono text-royal">#{order.receiver.shortId}</span>
          </Row>
          <Row label={t('created')}>{formatVietnamTimeSeconds(order.createdAt)}</Row>
          {order.paidAt && <Row label={t('paidAt')}>{formatVietnamTimeSeconds(order.paidAt)}</Row>}
          {order.paidBy && <Row label={t('paidBy')}>{tp(`paidBy.${order.paidBy}`)}</Row>}
          {order.note && <Row label={t('note')}>{order.note}</Row>}
        </dl>
      </Card>

      <Card title={t('bankEvents')}>
        {order.bankEvents.length === 0 ? (
          <p className="mt-2 text-ink/70">{t('noBankEvents')}</p>
        ) : (
          <ul className="mt-2 divide-y divide-ink/5">
            {order.bankEvents.map((event) => (
              <li key={event.id} className="flex flex-col gap-1 py-2 md:flex-row md:items-center md:gap-4">
                <span className="font-bold whitespace-nowrap">{formatVnd(event.amount)}</span>
                <MatchBadge match={event.match} />
                <span className="min-w-0 flex-1 text-sm break-words text-ink/70">{event.content}</span>
                <span className="text-xs whitespace-nowrap text-ink/70">
                  {event.referenceCode} · {formatVietnamTimeSeconds(event.transactionDate ?? event.receivedAt)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Card>

      {(order.status === 'held' || order.status === 'cancelled') && (
        <p role="alert" className="rounded-2xl bg-red-50 p-4 text-sm font-semibold text-red-800 ring-1 ring-red-200">
          {t(order.status === 'held' ? 'heldNote' : 'cancelledNote')}
        </p>
      )}

      {order.refunds.length > 0 && (
        <Card title={t('refunds')}>
          <ul className="mt-2 divide-y divide-ink/5 text-sm">
            {order.refunds.map((refund) => (
              <li key={refund.id} className="py-2">
                {t('refundLine', {
                  amount: formatVnd(refund.amount),
                  reference: refund.bankReference,
                  reason: refund.reason,
                })}{' '}
                <span className="text-xs text-ink/60">{formatVietnamTimeSeconds(refund.createdAt)}</span>
              </li>
            ))}
          </ul>
        </Card>
      )}

      <Card title={t('mail')}>
        {order.mail ? (
          <dl className="mt-2">
            <Row label={tp('deliveries.statusLabel')}>
              <span data-testid="mail-status">
                <DeliveryBadge delivery={order.mail.status} />
              </span>
            </Row>
            <Row label={t('items')}>
              {order.mail.items
                .map((item) => `${item.quantity} × ${itemLabels[item.itemId] ?? item.itemId}`)
                .join(', ')}
            </Row>
            <Row label={t('attempts')}>{order.mail.attempts}</Row>
            {order.mail.deliveredAt && (
              <Row label={t('deliveredAt')}>{formatVietnamTimeSeconds(order.mail.deliveredAt)}</Row>
            )}
            {order.mail.status === 'pending' && (
              <Row label={t('nextAttempt')}>{formatVietnamTimeSeconds(order.mail.nextAttemptAt)}</Row>
            )}
            {order.mail.lastError && <Row label={t('lastError')}>{order.mail.lastError}</Row>}
          </dl>
        ) : (
          <p className="mt-2 text-ink/70">{t('noMail')}</p>
        )}
        {order.mail?.status === 'dead' && (
          <div className="mt-3">
            <RetryMail mailId={order.mail.id} />
          </div>
        )}
      </Card>
    </div>
  );
}
