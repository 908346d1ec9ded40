'use client';

import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { BackLink } from '@/components/back-link';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';

/**
 * The frame of a console detail page: a link back to its list, then a spinner, a not-found or error
 * message, or the record. Not found is the API's `api.error` (404).
 */
export function DetailFrame<T>({
  query,
  back,
  notFound,
  children,
}: {
  query: UseQueryResult<T>;
  back: { href: string; label: string };
  notFound: string;
  children: (data: T) => ReactNode;
}) {
  const backLink = <BackLink {...back} />;
  if (query.isSuccess) {
    return (
      <div className="space-y-4">
        {backLink}
        {children(query.data)}
      </div>
    );
  }
  if (query.isError) {
    const missing = query.error instanceof ApiError && (query.error.status === 404 || query.error.code === 'api.error');
    return (
      <div className="space-y-4">
        {backLink}
        <p className="rounded-2xl bg-white p-6 text-center text-ink/70 ring-1 ring-ink/10">
          {missing ? notFound : query.error.message}
        </p>
      </div>
    );
  }
  return (
    <div className="space-y-4">
      {backLink}
      <div className="grid place-items-center py-16 text-royal">
        <Spinner className="size-8" />
      </div>
    </div>
  );
}
