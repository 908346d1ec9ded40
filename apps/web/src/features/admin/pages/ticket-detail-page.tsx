'use client';

import {
  staffUpdateTicketBodySchema,
  ticketStatuses,
  type StaffTicket,
  type StaffUpdateTicketBody,
  type TicketStatus,
} from '@carabala/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState, type ReactNode } from 'react';
import toast from 'react-hot-toast';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { ApiError, api } from '@/lib/api-client';
import { ConfirmButton } from '../components/confirm-button';
import { formatVietnamTimeSeconds } from '@/lib/format';
import { TicketStatusBadge } from '../components/ticket-status';
import { ImageGallery } from '@/components/image-gallery';
import { DetailFrame } from '../components/detail-frame';

const ticketsKey = ['admin', 'tickets'] as const;

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-start justify-between gap-3 border-b border-ink/5 py-2 last:border-0">
      <dt className="shrink-0 text-sm text-ink/70">{label}</dt>
      <dd className="min-w-0 text-right text-sm font-semibold break-words">{children}</dd>
    </div>
  );
}

function ReplyForm({ ticket }: { ticket: StaffTicket }) {
  const t = useTranslations('adminOps.tickets');
  const tOps = useTranslations('adminOps');
  const queryClient = useQueryClient();
  const [content, setContent] = useState('');
  const [error, setError] = useState<string | null>(null);
  const send = useMutation({
    mutationFn: (body: StaffUpdateTicketBody) => api.patch<StaffTicket>(`/tickets/${ticket.id}`, body),
    onSuccess: (updated) => {
      queryClient.setQueryData([...ticketsKey, 'detail', ticket.id], updated);
      void queryClient.invalidateQueries({ queryKey: [...ticketsKey, 'list'] });
      setContent('');
      toast.success(t('replied'));
    },
    onError: (failure) => {
      if (failure instanceof ApiError) setError(failure.errors.reply?.[0] ?? failure.message);
      else toast.error(tOps('failed'));
    },
  });
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const parsed = staffUpdateTicketBodySchema.safeParse({ reply: content });
        if (!parsed.success) {
          setError(parsed.error.issues[0]?.message ?? tOps('failed'));
          return;
        }
        setError(null);
        send.mutate(parsed.data);
      }}
      className="space-y-2"
    >
      <label htmlFor="ticket-reply" className="block font-black">
        {t('reply')}
      </label>
      <textarea
        id="ticket-reply"
        rows={4}
        value={content}
        onChange={(event) => setContent(event.target.value)}
        placeholder={t('replyPlaceholder')}
        aria-invalid={Boolean(error)}
        className={`w-full rounded-xl bg-white px-3 py-2 text-base ring-1 outline-none focus:ring-2 focus:ring-royal ${
          error ? 'ring-ruby' : 'ring-ink/15'
        }`}
      />
      {error && (
        <p role="alert" className="text-sm text-ruby">
          {error}
        </p>
      )}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-xs text-ink/70">{t('replyHint')}</p>
        <Button type="submit" disabled={send.isPending} className="w-full sm:w-auto">
          {send.isPending && <Spinner />}
          {t('send')}
        </Button>
      </div>
    </form>
  );
}

function StatusChanger({ ticket }: { ticket: StaffTicket }) {
  const t = useTranslations('adminOps.tickets');
  const tOps = useTranslations('adminOps');
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<TicketStatus>(ticket.status);
  const change = useMutation({
    mutationFn: () => api.patch<StaffTicket>(`/tickets/${ticket.id}`, { status }),
    onSuccess: (updated) => {
      queryClient.setQueryData([...ticketsKey, 'detail', ticket.id], updated);
      void queryClient.invalidateQueries({ queryKey: [...ticketsKey, 'list'] });
      toast.success(t('statusChanged', { status: t(`statuses.${updated.status}`) }));
    },
    onError: (failure) => toast.error(failure instanceof ApiError ? failure.message : tOps('failed')),
  });
  return (
    <div className="flex flex-wrap items-end gap-2">
      <label className="flex min-w-0 flex-1 flex-col text-xs font-semibold text-ink/70">
        {t('changeStatus')}
        <select
          value={status}
          onChange={(event) => setStatus(event.target.value as TicketStatus)}
          className="mt-1 rounded-lg bg-white px-2 py-2 text-sm font-normal text-ink ring-1 ring-ink/15"
        >
          {ticketStatuses.map((value) => (
            <option key={value} value={value}>
              {t(`statuses.${value}`)}
            </option>
          ))}
        </select>
      </label>
      <Button
        variant="outline"
        className="px-4 py-1.5"
        disabled={status === ticket.status || change.isPending}
        onClick={() => change.mutate()}
      >
        {t('apply')}
      </Button>
    </div>
  );
}

export function TicketDetailPage({ id }: { id: string }) {
  const t = useTranslations('adminOps.tickets');
  const tOps = useTranslations('adminOps');
  const router = useRouter();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: [...ticketsKey, 'detail', id],
    queryFn: () => api.get<StaffTicket>(`/tickets/${id}`),
  });
  const remove = useMutation({
    mutationFn: () => api.delete(`/tickets/${id}`),
  });

  return (
    <DetailFrame query={query} back={{ href: '/admin/tickets', label: t('backToInbox') }} notFound={t('notFound')}>
      {(ticket) => (
        <>
          <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_300px] lg:items-start">
            <aside className="space-y-4 lg:order-2">
              <section className="rounded-2xl bg-white p-4 ring-1 ring-ink/10">
                <h2 className="mb-2 text-sm font-bold text-ink/70">{t('player')}</h2>
                <div className="flex items-center gap-3" data-testid="ticket-player">
                  <Avatar avatar={null} displayName={ticket.displayName} size={40} />
                  <div className="min-w-0">
                    <p className="truncate font-bold">{ticket.displayName}</p>
                    <p className="font-mono text-sm text-royal">#{ticket.shortId}</p>
                  </div>
                </div>
                <Link
                  href={`/admin/players?q=${encodeURIComponent(ticket.shortId)}`}
                  className="mt-2 inline-block text-sm font-semibold text-royal hover:underline"
                >
                  {t('playerLink')} →
                </Link>
              </section>
              <section className="rounded-2xl bg-white p-4 ring-1 ring-ink/10">
                <dl>
                  <Row label={t('status')}>
                    <TicketStatusBadge status={ticket.status} />
                  </Row>
                  <Row label={t('type')}>{t(`types.${ticket.type}`)}</Row>
                  <Row label={t('incidentTime')}>{ticket.incidentTime}</Row>
                  <Row label={t('device')}>{ticket.device}</Row>
                  <Row label={t('createdAt')}>{formatVietnamTimeSeconds(ticket.createTime)}</Row>
                  <Row label={t('updatedAt')}>{formatVietnamTimeSeconds(ticket.updateTime)}</Row>
                </dl>
                <div className="mt-3 space-y-3 border-t border-ink/10 pt-3">
                  <StatusChanger key={ticket.status} ticket={ticket} />
                  <ConfirmButton
                    label={t('delete')}
                    variant="outline"
                    title={t('deleteTitle')}
                    description={t('deleteText', { number: ticket.number, title: ticket.title })}
                    pending={remove.isPending}
                    onConfirm={() =>
                      remove
                        .mutateAsync()
                        .then(() => {
                          toast.success(t('deleted', { number: ticket.number }));
                          queryClient.removeQueries({ queryKey: [...ticketsKey, 'detail', id] });
                          void queryClient.invalidateQueries({ queryKey: [...ticketsKey, 'list'] });
                          router.push('/admin/tickets');
                        })
                        .catch((failure: unknown) => {
                          toast.error(failure instanceof ApiError ? failure.message : tOps('failed'));
                          throw failure;
                        })
                    }
                  />
                </div>
              </section>
            </aside>

            <article className="space-y-4 lg:order-1">
              <section className="rounded-2xl bg-white p-4 ring-1 ring-ink/10 md:p-6">
                <p className="font-mono text-sm text-ink/70">#{ticket.number}</p>
                <h1 className="text-xl font-black break-words md:text-2xl" data-testid="admin-ticket-title">
                  {ticket.title}
                </h1>
                <h2 className="mt-4 text-sm font-bold text-ink/70">{t('description')}</h2>
                <p className="mt-1 break-words whitespace-pre-line">{ticket.description}</p>
                {ticket.filesUrl.length > 0 && (
                  <div className="mt-4">
                    <h2 className="mb-2 text-sm font-bold text-ink/70">{t('images')}</h2>
                    <ImageGallery files={ticket.filesUrl} alt={(index) => t('imageAlt', { index })} />
                  </div>
                )}
              </section>

              <section className="space-y-4 rounded-2xl bg-white p-4 ring-1 ring-ink/10 md:p-6">
                <h2 className="font-black">{t('history')}</h2>
                {ticket.replies.length === 0 ? (
                  <p className="text-sm text-ink/70">{t('noReplies')}</p>
                ) : (
                  <ol className="space-y-3" data-testid="admin-ticket-replies">
                    {ticket.replies.map((reply, index) => (
                      <li key={index} className="rounded-2xl bg-royal/5 p-3">
                        <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
                          <span className="rounded-full bg-royal px-2 py-0.5 text-xs font-bold text-white">
                            {t('staffBadge')}
                          </span>
                          <span className="font-bold">{reply.name}</span>
                          <time dateTime={reply.createTime} className="text-xs text-ink/70">
                            {formatVietnamTimeSeconds(reply.createTime)}
                          </time>
                        </div>
                        <p className="mt-1 break-words whitespace-pre-line">{reply.content}</p>
                      </li>
                    ))}
                  </ol>
                )}
                <div className="border-t border-ink/10 pt-4">
                  <ReplyForm ticket={ticket} />
                </div>
              </section>
            </article>
          </div>
        </>
      )}
    </DetailFrame>
  );
}
