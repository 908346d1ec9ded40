'use client';

import { type InternalTransaction, type Paged } from '@carabala/contracts';
import { formatVnd } from '@carabala/contracts/labels';
import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Spinner } from '@/components/ui/spinner';
import { ApiError, api } from '@/lib/api-client';
import { tokenStore } from '@/lib/storage';
import { useSession } from '@/lib/session';
import { GrantPackButton, ResetGoldButton } from '../components/admin-transaction-actions';
import { formatVietnamTimeSeconds, vietnamDayBoundary } from '@/lib/format';
import { Pager } from '../components/pager';
import { DeliveryBadge, StatusBadge } from '../components/payment-badges';
import { useUrlState } from '../components/use-url-state';

const PAGE_SIZE = 20;
const FILTERS = ['q', 'status', 'from', 'to', 'sort'] as const;
const SORTS = ['newest', 'oldest', 'price_desc', 'price_asc'] as const;

type Values = Record<(typeof FILTERS)[number], string>;

function filterOf(values: Values) {
  return {
    q: values.q || undefined,
    status: values.status || undefined,
    from: vietnamDayBoundary(values.from, false),
    to: vietnamDayBoundary(values.to, true),
    sort: values.sort || undefined,
  };
}

/** The CSV needs the staff bearer token, so it is fetched and saved from a blob rather than linked. */
async function downloadCsv(values: Values) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filterOf(values))) if (value) params.set(key, value);
  const token = tokenStore.get();
  const response = await fetch(`/api/internal/transactions/export.csv?${params.toString()}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) {
    const body = await response.json().catch(() => ({}));
    throw new ApiError(response.status, body.code ?? 'api.error', body.message ?? '');
  }
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'giao-dich.csv';
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  URL.revokeObjectURL(url);
}

function Amount({ order }: { order: InternalTransaction }) {
  return (
    <span className="whitespace-nowrap">
      {formatVnd(order.accumulatedAmount)} / {formatVnd(order.totalPrice)}
    </span>
  );
}

export function TransactionsPage() {
  const t = useTranslations('adminPayments.transactions');
  const tp = useTranslations('adminPayments');
  const { user } = useSession();
  const { values, page, update } = useUrlState(FILTERS);
  const [search, setSearch] = useState(values.q);
  const [exporting, setExporting] = useState(false);
  const query = useQuery({
    queryKey: ['admin', 'transactions', values, page],
    queryFn: () =>
      api.post<Paged<InternalTransaction>>('/internal/transactions/find-many', {
        ...filterOf(values),
        page,
        pageSize: PAGE_SIZE,
      }),
  });
  const select = 'rounded-xl bg-white px-3 py-2 ring-1 ring-ink/15';

  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-black">{t('title')}</h1>
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            disabled={exporting}
            onClick={async () => {
              setExporting(true);
              await downloadCsv(values)
                .then(() => toast.success(t('exported')))
                .catch((error) =>
                  toast.error(error instanceof ApiError && error.message ? error.message : tp('failed')),
                )
                .finally(() => setExporting(false));
            }}
            className="inline-flex items-center gap-2 rounded-full bg-white px-4 py-2 text-sm font-bold text-royal ring-2 ring-royal disabled:opacity-50"
          >
            {exporting && <Spinner />}
            {t('export')}
          </button>
          {user?.role === 'admin' && (
            <>
              <GrantPackButton />
              <ResetGoldButton />
            </>
          )}
        </div>
      </div>

      <form
        className="mt-4 flex flex-col gap-2 md:flex-row md:flex-wrap md:items-end"
        onSubmit={(event) => {
          event.preventDefault();
          update({ q: search.trim() });
        }}
      >
        <div className="flex min-w-0 flex-1 gap-2 md:min-w-72">
          <input
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            placeholder={t('searchPlaceholder')}
            aria-label={t('searchPlaceholder')}
            className="min-w-0 flex-1 rounded-xl bg-white px-3 py-2 ring-1 ring-ink/15"
          />
          <button type="submit" className="rounded-xl bg-royal px-4 py-2 font-semibold text-white">
            {t('search')}
          </button>
        </div>
        <div className="grid grid-cols-2 gap-2 md:flex">
          <select
            aria-label={t('statusLabel')}
            value={values.status}
            onChange={(event) => update({ status: event.target.value })}
            className={select}
          >
            <option value="">{t('allStatuses')}</option>
            <option value="initial">{tp('status.initial')}</option>
            <option value="done">{tp('status.done')}</option>
          </select>
          <select
            aria-label={t('sortLabel')}
            value={values.sort || 'newest'}
            onChange={(event) => update({ sort: event.target.value === 'newest' ? '' : event.target.value })}
            className={select}
          >
            {SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {t(`sort.${sort}`)}
              </option>
            ))}
          </select>
          <label className="flex flex-col text-xs font-semibold text-ink/70">
            {t('from')}
            <input
              type="date"
              value={values.from}
              onChange={(event) => update({ from: event.target.value })}
              className={`${select} mt-0.5 text-sm font-normal text-ink`}
            />
          </label>
          <label className="flex flex-col text-xs font-semibold text-ink/70">
            {t('to')}
            <input
              type="date"
              value={values.to}
              onChange={(event) => update({ to: event.target.value })}
              className={`${select} mt-0.5 text-sm font-normal text-ink`}
            />
          </label>
        </div>
      </form>

      {query.isError && <p className="mt-4 text-ruby">{(query.error as Error).message}</p>}

      <div className="mt-4 hidden overflow-x-auto rounded-2xl bg-white ring-1 ring-ink/10 md:block">
        <table className="w-full text-left text-sm">
          <thead className="bg-ink/5 text-xs uppercase">
            <tr>
              <th className="px-3 py-2">{t('code')}</th>
              <th className="px-3 py-2">{t('pack')}</th>
              <th className="px-3 py-2">{t('receiver')}</th>
              <th className="px-3 py-2">{t('amount')}</th>
              <th className="px-3 py-2">{t('statusLabel')}</th>
              <th className="px-3 py-2">{t('deliveryLabel')}</th>
              <th className="px-3 py-2">{t('created')}</th>
            </tr>
          </thead>
          <tbody>
            {query.data?.items.map((order) => (
              <tr key={order.id} className="border-t border-ink/5 align-top hover:bg-royal/5">
                <td className="px-3 py-2">
                  <Link href={`/admin/transactions/${order.id}`} className="font-mono font-bold text-royal underline">
                    {order.code}
                  </Link>
                </td>
                <td className="px-3 py-2">{order.productTitle}</td>
                <td className="px-3 py-2">
                  {order.receiver.displayName} <span className="font-mono text-royal">#{order.receiver.shortId}</span>
                </td>
                <td className="px-3 py-2">
                  <Amount order={order} />
                </td>
                <td className="px-3 py-2">
                  <StatusBadge status={order.status} />
                </td>
                <td className="px-3 py-2">
                  <DeliveryBadge delivery={order.delivery} />
                </td>
                <td className="px-3 py-2 whitespace-nowrap">{formatVietnamTimeSeconds(order.createdAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <ul className="mt-4 space-y-2 md:hidden">
        {query.data?.items.map((order) => (
          <li key={order.id}>
            <Link
              href={`/admin/transactions/${order.id}`}
              className="block rounded-2xl bg-white p-4 ring-1 ring-ink/10 active:bg-royal/5"
            >
              <div className="flex items-center justify-between gap-2">
                <span className="font-mono font-bold text-royal">{order.code}</span>
                <StatusBadge status={order.status} />
              </div>
              <p className="mt-1 truncate font-semibold">{order.productTitle}</p>
              <p className="text-sm text-ink/70">
                {order.receiver.displayName} <span className="font-mono">#{order.receiver.shortId}</span>
              </p>
              <div className="mt-2 flex items-center justify-between gap-2 text-sm">
                <Amount order={order} />
                <DeliveryBadge delivery={order.delivery} />
              </div>
              <p className="mt-1 text-xs text-ink/70">{formatVietnamTimeSeconds(order.createdAt)}</p>
            </Link>
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
