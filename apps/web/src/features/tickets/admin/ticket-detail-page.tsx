'use client';

import {
  staffUpdateTicketBodySchema,
  ticketStatuses,
  type StaffTicket,
  type StaffUpdateTicketBody,
  type TicketStatus,
} from '@carabala/contracts';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { ConfirmButton, ConfirmDialog } from '@/components/confirm-button';
import { DetailFrame } from '@/components/detail-frame';
import { TextAreaField } from '@/components/form/fields';
import { putFieldErrors, schemaResolver } from '@/components/form/schema-form';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { messageOf } from '@/lib/api-client';
import { useDeleteTicket, useStaffTicket, useUpdateTicket } from '../api/staff';
import { Replies } from '../replies';
import { TicketFacts, TicketImages } from '../ticket-parts';

function ReplyForm({ ticket }: { ticket: StaffTicket }) {
  const t = useTranslations('adminOps.tickets');
  const tOps = useTranslations('adminOps');
  const send = useUpdateTicket(ticket.id);
  const [reply, setReply] = useState<StaffUpdateTicketBody | null>(null);
  const form = useForm<{ reply: string }, unknown, StaffUpdateTicketBody>({
    resolver: schemaResolver(staffUpdateTicketBodySchema, (values: { reply: string }) => values),
    defaultValues: { reply: '' },
    shouldFocusError: false,
  });
  // The player reads the reply: it is checked, then shown once more before it is sent.
  const sendReply = () =>
    send.mutateAsync(reply!).then(
      () => form.reset({ reply: '' }),
      (error: unknown) => {
        putFieldErrors(error, form.setError);
        throw error;
      },
    );
  return (
    <form noValidate onSubmit={form.handleSubmit(setReply)} className="space-y-2">
      <TextAreaField
        id="ticket-reply"
        label={t('reply')}
        rows={4}
        placeholder={t('replyPlaceholder')}
        error={form.formState.errors.reply?.message}
        {...form.register('reply')}
      />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-xs text-ink/70">{t('replyHint')}</p>
        <Button type="submit" className="w-full sm:w-auto">
          {t('send')}
        </Button>
      </div>
      <ConfirmDialog
        open={reply !== null}
        onOpenChange={(open) => !open && setReply(null)}
        title={t('replyConfirmTitle')}
        description={t('replyConfirmText', { number: ticket.number })}
        onConfirm={sendReply}
        done={() => t('replied')}
        failed={tOps('failed')}
        pending={send.isPending}
      >
        <blockquote className="mt-3 max-h-60 overflow-y-auto rounded-xl bg-royal/5 p-3 text-sm break-words whitespace-pre-line">
          {reply?.reply}
        </blockquote>
      </ConfirmDialog>
    </form>
  );
}

function StatusChanger({ ticket }: { ticket: StaffTicket }) {
  const t = useTranslations('adminOps.tickets');
  const tOps = useTranslations('adminOps');
  const [status, setStatus] = useState<TicketStatus>(ticket.status);
  const change = useUpdateTicket(ticket.id);
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
        onClick={() =>
          change.mutate(
            { status },
            {
              onSuccess: (updated) => toast.success(t('statusChanged', { status: t(`statuses.${updated.status}`) })),
              onError: (failure) => toast.error(messageOf(failure, tOps('failed'))),
            },
          )
        }
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
  const query = useStaffTicket(id);
  const remove = useDeleteTicket(id);

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
                  href={`/admin/players/${ticket.userId}`}
                  className="mt-2 inline-block text-sm font-semibold text-royal hover:underline"
                >
                  {t('playerLink')} →
                </Link>
              </section>
              <section className="rounded-2xl bg-white p-4 ring-1 ring-ink/10">
                <dl>
                  <TicketFacts ticket={ticket} exactTimes />
                </dl>
                <div className="mt-3 space-y-3 border-t border-ink/10 pt-3">
                  <StatusChanger key={ticket.status} ticket={ticket} />
                  <ConfirmButton
                    label={t('delete')}
                    variant="outline"
                    title={t('deleteTitle')}
                    description={t('deleteText', { number: ticket.number, title: ticket.title })}
                    pending={remove.isPending}
                    onConfirm={() => remove.mutateAsync().then(() => router.push('/admin/tickets'))}
                    done={() => t('deleted', { number: ticket.number })}
                    failed={tOps('failed')}
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
                <TicketImages files={ticket.filesUrl} />
              </section>

              <section className="space-y-4 rounded-2xl bg-white p-4 ring-1 ring-ink/10 md:p-6">
                <h2 className="font-black">{t('history')}</h2>
                <Replies
                  replies={ticket.replies}
                  empty={t('noReplies')}
                  staffLabel={t('staffBadge')}
                  playerLabel={t('playerBadge')}
                  imageAlt={(index) => t('imageAlt', { index })}
                  testId="admin-ticket-replies"
                  exactTimes
                />
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
