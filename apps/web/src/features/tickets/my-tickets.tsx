'use client';

import { ticketFilters, type TicketFilter } from '@carabala/contracts';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Button, buttonClass } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { formatVietnamTime } from '@/lib/format';
import { PAGE_SIZE, useMyTickets } from './api/player';
import { StatusBadge } from './status-badge';

const filterLabels: Record<TicketFilter, 'filterAll' | 'filterProcessing' | 'filterProcessed'> = {
  all: 'filterAll',
  PROCESSING: 'filterProcessing',
  PROCESSED: 'filterProcessed',
};

/** The player's tickets: status filter, a search that works (title or number, any case or accents), pages. */
export function MyTickets() {
  const t = useTranslations('tickets');
  const [status, setStatus] = useState<TicketFilter>('all');
  const [draft, setDraft] = useState('');
  const [q, setQ] = useState('');
  const [searchError, setSearchError] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const tickets = useMyTickets({ status, q, page });
  const pages = Math.max(1, Math.ceil((tickets.data?.total ?? 0) / PAGE_SIZE));

  return (
    <div className="space-y-4">
      <div className="flex flex-col gap-3 md:flex-row md:items-start md:justify-between">
        <div
          role="tablist"
          aria-label={t('filterLabel')}
          className="flex gap-1 rounded-full bg-white p-1 shadow ring-1 ring-ink/10"
        >
          {ticketFilters.map((filter) => (
            <button
              key={filter}
              type="button"
              role="tab"
              aria-selected={status === filter}
              onClick={() => {
                setStatus(filter);
                setPage(1);
              }}
              className={`flex-1 rounded-full px-2.5 py-2 text-sm font-bold whitespace-nowrap transition sm:px-4 md:flex-none ${
                status === filter ? 'bg-royal text-white' : 'text-ink/70 hover:bg-ink/5'
              }`}
            >
              {t(filterLabels[filter])}
            </button>
          ))}
        </div>
        <form
          role="search"
          noValidate
          className="md:w-96"
          onSubmit={(event) => {
            event.preventDefault();
            if (!draft.trim()) {
              setSearchError(t('searchRequired'));
              return;
            }
            setSearchError(null);
            setQ(draft.trim());
            setPage(1);
          }}
        >
          <div className="flex gap-2">
            <div className="flex min-w-0 flex-1 items-center rounded-full border-2 border-ink/15 bg-white pr-1 pl-4 focus-within:border-royal">
              <input
                type="search"
                value={draft}
                onChange={(event) => {
                  setDraft(event.target.value);
                  if (event.target.value === '' && q) {
                    setQ('');
                    setPage(1);
                  }
                }}
                placeholder={t('searchPlaceholder')}
                aria-label={t('searchLabel')}
                aria-invalid={Boolean(searchError)}
                className="min-w-0 flex-1 bg-transparent py-2 text-base outline-none placeholder:text-ink/40"
              />
            </div>
            <Button type="submit" variant="secondary">
              {t('search')}
            </Button>
          </div>
          {searchError && (
            <p role="alert" className="mt-1 pl-4 text-sm text-ruby">
              {searchError}
            </p>
          )}
        </form>
      </div>

      {tickets.isPending ? (
        <div className="grid place-items-center py-16 text-royal">
          <Spinner className="size-8" />
        </div>
      ) : tickets.isError ? (
        <div className="rounded-3xl bg-white p-8 text-center shadow ring-1 ring-ink/10">
          <p className="text-ink/70">{t('loadError')}</p>
          <Button className="mt-4" onClick={() => tickets.refetch()}>
            {t('retry')}
          </Button>
        </div>
      ) : tickets.data.items.length === 0 ? (
        <div className="rounded-3xl bg-white p-8 text-center shadow ring-1 ring-ink/10">
          <p className="text-ink/70">{q || status !== 'all' ? t('noResults') : t('empty')}</p>
          {!q && status === 'all' && (
            <Link href="/supports" className={buttonClass('primary', 'mt-4')}>
              {t('createFirst')}
            </Link>
          )}
        </div>
      ) : (
        <ul className={`space-y-3 ${tickets.isFetching ? 'opacity-60' : ''}`} data-testid="ticket-list">
          {tickets.data.items.map((ticket) => (
            <li key={ticket.id}>
              <Link
                href={`/supports/my-tickets/${ticket.id}`}
                className="flex flex-col gap-2 rounded-2xl bg-white p-4 shadow ring-1 ring-ink/10 transition hover:ring-royal md:flex-row md:items-center md:gap-3 md:p-5"
              >
                {/* On a phone the badge sits on its own row, so the title keeps the card's full width. */}
                <div className="min-w-0 flex-1">
                  <p className="text-xs font-bold text-royal">
                    #{ticket.number} · {t(`types.${ticket.type}`)}
                  </p>
                  <p className="mt-1 font-bold [overflow-wrap:anywhere]" data-testid="ticket-title">
                    {ticket.title}
                  </p>
                  <p className="mt-1 text-xs text-ink/70">
                    {t('createdAt')}: {formatVietnamTime(ticket.createTime)}
                  </p>
                </div>
                <StatusBadge status={ticket.status} />
              </Link>
            </li>
          ))}
        </ul>
      )}

      {pages > 1 && (
        <nav className="flex items-center justify-center gap-3" aria-label={t('pageOf', { page, pages })}>
          <Button variant="outline" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t('previous')}
          </Button>
          <span className="text-sm font-semibold">{t('pageOf', { page, pages })}</span>
          <Button variant="outline" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            {t('next')}
          </Button>
        </nav>
      )}
    </div>
  );
}
