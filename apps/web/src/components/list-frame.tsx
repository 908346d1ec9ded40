'use client';

import type { Paged } from '@carabala/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { Fragment, type ReactNode } from 'react';
import { Pager } from './pager';
import { Spinner } from './ui/spinner';
import { useUrlState } from './use-url-state';

const NO_FILTERS = [] as const;

/**
 * A console list page: its title, actions and filters, then the error, the rows (`row` renders one
 * `<li>` of a plain list; `children` lays out all rows, a table say), a spinner while loading, the
 * empty message and the pager. The page is the URL's `page` (see `useUrlState`); the number of pages
 * comes from the answer's `total` and `pageSize`.
 */
export function ListFrame<T extends { id: string }>({
  title,
  intro,
  actions,
  filters,
  query,
  empty,
  row,
  listClassName = 'mt-4 space-y-3',
  testId,
  children,
}: {
  title: string;
  intro?: ReactNode;
  actions?: ReactNode;
  filters?: ReactNode;
  query: UseQueryResult<Paged<T>>;
  empty: string;
  row?: (item: T) => ReactNode;
  listClassName?: string;
  testId?: string;
  children?: (items: T[]) => ReactNode;
}) {
  const t = useTranslations('admin');
  const { page, update } = useUrlState(NO_FILTERS);
  const pages = query.data ? Math.max(1, Math.ceil(query.data.total / query.data.pageSize)) : 1;
  const items = query.data?.items ?? [];
  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-black">{title}</h1>
        {actions}
      </div>
      {intro}
      {filters}
      {query.isError && <p className="mt-4 text-ruby">{query.error.message}</p>}
      {row && (
        <ul className={listClassName} data-testid={testId}>
          {items.map((item) => (
            <Fragment key={item.id}>{row(item)}</Fragment>
          ))}
        </ul>
      )}
      {children?.(items)}
      {query.isPending && (
        <p className="mt-6 flex justify-center">
          <Spinner />
        </p>
      )}
      {query.data?.items.length === 0 && <p className="mt-6 text-center text-ink/70">{empty}</p>}
      {query.data && (
        <Pager
          page={page}
          pages={pages}
          onPage={(next) => update({ page: next })}
          labels={{ previous: t('previous'), next: t('next') }}
          status={t('pageOf', { page, pages })}
          total={t('total', { total: query.data.total })}
        />
      )}
    </div>
  );
}
