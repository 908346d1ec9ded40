'use client';

import type { Paged } from '@carabala/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { Pager } from './pager';
import { Spinner } from './ui/spinner';

/**
 * The frame of a console list: the error, the rows, a spinner while loading, the empty message and
 * the pager under them.
 */
export function ListFrame<T>({
  query,
  empty,
  page,
  pageSize,
  onPage,
  children,
}: {
  query: UseQueryResult<Paged<T>>;
  empty: string;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  children: (items: T[]) => ReactNode;
}) {
  const t = useTranslations('admin');
  const pages = Math.max(1, Math.ceil((query.data?.total ?? 0) / pageSize));
  return (
    <>
      {query.isError && <p className="mt-4 text-ruby">{query.error.message}</p>}
      {children(query.data?.items ?? [])}
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
          onPage={onPage}
          labels={{ previous: t('previous'), next: t('next') }}
          status={t('pageOf', { page, pages })}
          total={t('total', { total: query.data.total })}
        />
      )}
    </>
  );
}
