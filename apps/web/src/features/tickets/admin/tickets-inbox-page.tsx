'use client';

import { staffTicketSorts, ticketStatuses, ticketTypes, type StaffTicketsQuery } from '@carabala/contracts';
import Link from 'next/link';
import { useLocale, useTranslations } from 'next-intl';
import { ListFrame } from '@/components/list-frame';
import { LabelledSelect, SearchBar } from '@/components/search-bar';
import { useUrlState } from '@/components/use-url-state';
import { formatConsoleTime } from '@/lib/format';
import { durationSince } from '@/lib/relative-time';
import { useStaffTickets } from '../api/staff';
import { StatusBadge } from '../status-badge';

const PAGE_SIZE = 20;
const FILTERS = ['status', 'type', 'q', 'shortId', 'sort'] as const;

const pick = <T extends string>(options: readonly T[], value: string): T | undefined =>
  options.includes(value as T) ? (value as T) : undefined;

/** The support inbox: by default the tickets still waiting, the one waiting longest at the top. */
export function TicketsInboxPage() {
  const t = useTranslations('adminOps.tickets');
  const tOps = useTranslations('adminOps');
  const locale = useLocale();
  const { values, page, update } = useUrlState(FILTERS);
  const body: StaffTicketsQuery = {
    status: pick(ticketStatuses, values.status),
    type: pick(ticketTypes, values.type),
    q: values.q || undefined,
    shortId: values.shortId || undefined,
    sort: pick(staffTicketSorts, values.sort) ?? 'waiting',
    page,
    pageSize: PAGE_SIZE,
  };
  const query = useStaffTickets(body);

  const select = (key: 'status' | 'type' | 'sort', options: readonly string[], label: (value: string) => string) => (
    <LabelledSelect
      label={t(key)}
      value={key === 'sort' ? body.sort : values[key]}
      any={key === 'sort' ? undefined : tOps('all')}
      onChange={(value) => update({ [key]: value })}
    >
      {options.map((value) => (
        <option key={value} value={value}>
          {label(value)}
        </option>
      ))}
    </LabelledSelect>
  );

  return (
    <ListFrame
      title={t('title')}
      filters={
        <>
          <div className="mt-4 grid grid-cols-2 gap-2 md:grid-cols-3">
            {select('status', ticketStatuses, (value) => t(`statuses.${value}`))}
            {select('type', ticketTypes, (value) => t(`types.${value}`))}
            <div className="col-span-2 md:col-span-1">
              {select('sort', staffTicketSorts, (value) => t(`sorts.${value}`))}
            </div>
          </div>
          <SearchBar
            value={values.q}
            placeholder={t('searchPlaceholder')}
            second={{ value: values.shortId, placeholder: t('shortId'), maxLength: 10 }}
            onSearch={(q, shortId) => update({ q, shortId })}
          />
        </>
      }
      query={query}
      empty={t('empty')}
      listClassName="mt-4 space-y-2"
      testId="ticket-rows"
      row={(ticket) => (
        <li>
          <Link
            href={`/admin/tickets/${ticket.id}`}
            className="flex flex-col gap-2 rounded-2xl bg-white p-4 ring-1 ring-ink/10 hover:bg-royal/5 md:flex-row md:items-center md:gap-4"
          >
            <div className="min-w-0 flex-1">
              <p className="flex items-start gap-2">
                <span className="shrink-0 font-mono text-sm text-ink/70">#{ticket.number}</span>
                <span className="min-w-0 font-bold break-words">{ticket.title}</span>
              </p>
              <p className="mt-1 text-sm text-ink/70">
                {t(`types.${ticket.type}`)} · {ticket.displayName}{' '}
                <span className="font-mono text-royal">#{ticket.shortId}</span>
              </p>
            </div>
            <div className="flex items-center justify-between gap-3 md:flex-col md:items-end md:gap-1">
              <StatusBadge status={ticket.status} />
              <span className="text-xs text-ink/70" title={formatConsoleTime(ticket.createTime)}>
                {ticket.status === 'PROCESSING'
                  ? t('waitingFor', {
                      duration: durationSince(ticket.createTime, locale),
                    })
                  : formatConsoleTime(ticket.createTime)}
              </span>
            </div>
          </Link>
        </li>
      )}
    />
  );
}
