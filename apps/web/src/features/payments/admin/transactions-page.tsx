'use client';

import { transactionStatusSchema, type InternalTransaction } from '@carabala/contracts';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { CharacterLine } from '@/components/character-picker';
import { ResponsiveTable } from '@/components/data-table';
import { OrderCard, useOrderColumns } from '@/components/order-card';
import { ExportButton } from '@/components/export-button';
import { GrantLine } from '@/components/grant-line';
import { PlayerLink } from '@/components/player-link';
import { ListFrame } from '@/components/list-frame';
import { DayRange, SearchBar, SelectFilter } from '@/components/search-bar';
import { useUrlState } from '@/components/use-url-state';
import { formatVnd, vietnamDayBoundary } from '@/lib/format';
import { downloadTransactionsCsv, useStaffTransactions } from '../api/staff';
import { GrantPackButton, ResetGoldButton } from './transaction-actions';
import { useCan } from '@/lib/permissions';

const PAGE_SIZE = 20;
const FILTERS = ['q', 'status', 'from', 'to', 'sort'] as const;
const SORTS = ['newest', 'oldest', 'price_desc', 'price_asc'] as const;
/** The statuses the list filters by. */
const STATUSES = ['initial', 'done'] as const;

type Values = Record<(typeof FILTERS)[number], string>;

function filterOf(values: Values) {
  return {
    q: values.q || undefined,
    status: transactionStatusSchema.safeParse(values.status).data,
    from: vietnamDayBoundary(values.from, false),
    to: vietnamDayBoundary(values.to, true),
    sort: SORTS.find((sort) => sort === values.sort),
  };
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
  const allowed = useCan();
  const { values, page, update } = useUrlState(FILTERS);
  const query = useStaffTransactions({ ...filterOf(values), page, pageSize: PAGE_SIZE });
  const select = 'rounded-xl bg-white px-3 py-2 ring-1 ring-ink/15';
  const columns = useOrderColumns<InternalTransaction>(
    {
      title: t('receiver'),
      cell: (order) => (
        <>
          <PlayerLink player={order.receiver} />
          <CharacterLine character={order.character} className="text-xs text-ink/70" />
          {order.grant && <GrantLine grant={order.grant} />}
        </>
      ),
    },
    { title: t('amount'), cell: (order) => <Amount order={order} /> },
  );

  return (
    <ListFrame
      title={t('title')}
      actions={
        <div className="flex flex-wrap gap-2">
          <ExportButton
            download={() => downloadTransactionsCsv(filterOf(values))}
            done={() => t('exported')}
            failed={tp('failed')}
            spinner
            className="inline-flex items-center gap-2 rounded-full bg-white px-4 py-2 text-sm font-bold text-royal ring-2 ring-royal disabled:opacity-50"
          >
            {t('export')}
          </ExportButton>
          {allowed('orders.grant') && <GrantPackButton />}
          {allowed('orders.limits') && <ResetGoldButton />}
        </div>
      }
      filters={
        <SearchBar value={values.q} placeholder={t('searchPlaceholder')} onSearch={(q) => update({ q })}>
          <div className="grid grid-cols-2 gap-2 md:flex">
            <SelectFilter
              label={t('statusLabel')}
              value={values.status}
              all={t('allStatuses')}
              options={STATUSES}
              optionLabel={(status) => tp(`status.${status}`)}
              onChange={(status) => update({ status })}
            />
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
            <DayRange from={values.from} to={values.to} labels={{ from: t('from'), to: t('to') }} onChange={update} />
          </div>
        </SearchBar>
      }
      query={query}
      empty={t('empty')}
    >
      {(orders) => (
        <ResponsiveTable
          rows={orders}
          columns={columns}
          cardClassName=""
          card={(order) => (
            <Link
              href={`/admin/transactions/${order.id}`}
              className="block rounded-2xl bg-white p-4 ring-1 ring-ink/10 active:bg-royal/5"
            >
              <OrderCard
                order={order}
                code={<span className="font-mono font-bold text-royal">{order.code}</span>}
                who={
                  <>
                    {order.receiver.displayName} <span className="font-mono">#{order.receiver.shortId}</span>
                    <CharacterLine character={order.character} className="text-xs" as="span" />
                    {order.grant && <GrantLine grant={order.grant} />}
                  </>
                }
                amount={<Amount order={order} />}
              />
            </Link>
          )}
        />
      )}
    </ListFrame>
  );
}
