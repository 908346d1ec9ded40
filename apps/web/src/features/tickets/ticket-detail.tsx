'use client';

import { BackLink } from '@/components/back-link';
import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { InfoRow } from '@/components/info-row';
import { NotFoundPanel } from '@/components/not-found-panel';
import { useSession } from '@/lib/auth';
import { useMyTicket } from './api/player';
import { FollowUpForm } from './follow-up-form';
import { Replies } from './replies';
import { TicketFacts, TicketImages } from './ticket-parts';

function TicketNotFound() {
  const t = useTranslations('tickets');
  return (
    <NotFoundPanel
      testId="ticket-not-found"
      title={t('notFoundTitle')}
      text={t('notFoundText')}
      link={{ href: '/supports/my-tickets', label: t('back') }}
    />
  );
}

/** One ticket: side information, description, images and the staff replies. `api.error` -> not-found view. */
export function TicketDetail({ id }: { id: string }) {
  const t = useTranslations('tickets');
  const ticket = useMyTicket(id);
  const { user } = useSession();

  if (ticket.isPending) {
    return (
      <div className="grid place-items-center py-16 text-royal">
        <Spinner className="size-8" />
      </div>
    );
  }
  if (ticket.isError) {
    if (ticket.error instanceof ApiError && ticket.error.code === 'api.error') return <TicketNotFound />;
    return (
      <div className="rounded-3xl bg-white p-8 text-center shadow ring-1 ring-ink/10">
        <p className="text-ink/70">{ticket.error.message}</p>
        <Button className="mt-4" onClick={() => ticket.refetch()}>
          {t('retry')}
        </Button>
      </div>
    );
  }

  const data = ticket.data;
  return (
    <div className="space-y-4">
      <BackLink href="/supports/my-tickets" label={t('back')} />
      <div className="grid gap-4 md:grid-cols-[1fr_320px] md:items-start">
        <aside className="rounded-3xl bg-white p-5 shadow ring-1 ring-ink/10 md:order-2">
          <h2 className="mb-2 font-black">{t('info')}</h2>
          <dl>
            <InfoRow label={t('number')}>#{data.number}</InfoRow>
            <TicketFacts ticket={data} />
          </dl>
        </aside>

        <article className="space-y-4 md:order-1">
          <section className="rounded-3xl bg-white p-5 shadow ring-1 ring-ink/10 md:p-6">
            <h2 className="text-xl font-black break-words md:text-2xl" data-testid="ticket-detail-title">
              {data.title}
            </h2>
            <p className="mt-3 whitespace-pre-line break-words text-ink/80">{data.description}</p>
            <TicketImages files={data.filesUrl} />
          </section>

          <section className="rounded-3xl bg-white p-5 shadow ring-1 ring-ink/10 md:p-6">
            <h2 className="mb-3 font-black">{t('replies')}</h2>
            <Replies
              replies={data.replies}
              empty={t('noReplies')}
              staffLabel={t('staff')}
              playerLabel={t('you')}
              imageAlt={(index) => t('imageAlt', { index })}
              testId="ticket-replies"
            />
            {user && (
              <div className="mt-4 border-t border-ink/10 pt-4">
                <FollowUpForm ticket={data} userId={user.id} />
              </div>
            )}
          </section>
        </article>
      </div>
    </div>
  );
}
