'use client';

import { type InternalMail, type Paged } from '@carabala/contracts';
import { itemLabels } from '@carabala/contracts/labels';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import toast from 'react-hot-toast';
import { Spinner } from '@/components/ui/spinner';
import { ApiError, api } from '@/lib/api-client';
import { ConfirmButton } from '../components/confirm-button';
import { formatVietnamTimeSeconds } from '@/lib/format';
import { Pager } from '../components/pager';
import { DeliveryBadge } from '../components/payment-badges';
import { useUrlState } from '../components/use-url-state';

const PAGE_SIZE = 20;
const FILTERS = ['status'] as const;
const STATUSES = ['dead', 'pending', 'delivered'] as const;

function RetryButton({ mail }: { mail: InternalMail }) {
  const t = useTranslations('adminPayments');
  const queryClient = useQueryClient();
  const retry = useMutation({
    mutationFn: () => api.post<InternalMail>(`/internal/mails/${mail.id}/retry`),
    onSuccess: () => {
      toast.success(t('deliveries.retried'));
      void queryClient.invalidateQueries({ queryKey: ['admin'] });
    },
    onError: (error) => toast.error(error instanceof ApiError ? error.message : t('failed')),
  });
  return (
    <ConfirmButton
      label={t('deliveries.retry')}
      title={t('deliveries.retryTitle')}
      description={t('deliveries.retryText', { title: mail.title, shortId: mail.receiverShortId })}
      pending={retry.isPending}
      onConfirm={() => retry.mutateAsync()}
    />
  );
}

export function DeliveriesPage() {
  const t = useTranslations('adminPayments.deliveries');
  const tp = useTranslations('adminPayments');
  const { values, page, update } = useUrlState(FILTERS);
  const status = STATUSES.find((value) => value === values.status) ?? 'dead';
  const query = useQuery({
    queryKey: ['admin', 'mails', status, page],
    queryFn: () => api.post<Paged<InternalMail>>('/internal/mails/find-many', { status, page, pageSize: PAGE_SIZE }),
  });

  return (
    <div>
      <h1 className="text-2xl font-black">{t('title')}</h1>
      <p className="mt-1 max-w-3xl text-sm text-ink/70">{t('intro')}</p>
      <div className="mt-4 flex flex-wrap gap-2" role="group" aria-label={t('statusLabel')}>
        {STATUSES.map((value) => (
          <button
            key={value}
            type="button"
            aria-pressed={status === value}
            onClick={() => update({ status: value === 'dead' ? '' : value })}
            className={`rounded-full px-4 py-1.5 text-sm font-semibold ${
              status === value ? 'bg-royal text-white' : 'bg-white ring-1 ring-ink/15'
            }`}
          >
            {tp(`delivery.${value}`)}
          </button>
        ))}
      </div>
      {query.isError && <p className="mt-4 text-ruby">{(query.error as Error).message}</p>}
      <ul className="mt-4 space-y-3">
        {query.data?.items.map((mail) => (
          <li
            key={mail.id}
            data-testid="mail"
            className="flex flex-col gap-3 rounded-2xl bg-white p-4 ring-1 ring-ink/10 md:flex-row md:items-center"
          >
            <div className="min-w-0 flex-1">
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-bold">{mail.title}</span>
                <DeliveryBadge delivery={mail.status} />
              </div>
              <p className="mt-1 text-sm text-ink/70">
                {t('receiver')}: <span className="font-mono text-royal">#{mail.receiverShortId}</span> ·{' '}
                {mail.items.map((item) => `${item.quantity} × ${itemLabels[item.itemId] ?? item.itemId}`).join(', ')}
              </p>
              <p className="mt-1 text-xs text-ink/70">
                {t('source')}: {mail.source}
                {mail.source === 'order' && (
                  <>
                    {' '}
                    (
                    <Link href={`/admin/transactions/${mail.sourceId}`} className="text-royal underline">
                      {t('openOrder')}
                    </Link>
                    )
                  </>
                )}{' '}
                · {t('attempts', { attempts: mail.attempts })} ·{' '}
                {t('created', { date: formatVietnamTimeSeconds(mail.createdAt) })}
                {mail.deliveredAt && <> · {t('deliveredAt', { date: formatVietnamTimeSeconds(mail.deliveredAt) })}</>}
                {mail.status === 'pending' && (
                  <> · {t('nextAttempt', { date: formatVietnamTimeSeconds(mail.nextAttemptAt) })}</>
                )}
              </p>
              {mail.lastError && <p className="mt-1 text-sm break-words text-ruby">{mail.lastError}</p>}
            </div>
            {mail.status === 'dead' && <RetryButton mail={mail} />}
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
