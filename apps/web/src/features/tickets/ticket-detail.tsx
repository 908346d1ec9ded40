'use client';

import { BackLink } from '@/components/back-link';
import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { formatVietnamTime } from '@/lib/format';
import { InfoRow } from '@/components/info-row';
import { NotFoundPanel } from '@/components/not-found-panel';
import { useMyTicket } from './api/player';
import { Replies } from './replies';
import { StatusBadge } from './status-badge';
import { ImageGallery } from '@/components/image-gallery';

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
            <InfoRow label={t('status')}>
              <StatusBadge status={data.status} />
            </InfoRow>
            <InfoRow label={t('type')}>{t(`types.${data.type}`)}</InfoRow>
            <InfoRow label={t('incidentTime')}>{data.incidentTime}</InfoRow>
            <InfoRow label={t('device')}>{data.device}</InfoRow>
            <InfoRow label={t('createdAt')}>{formatVietnamTime(data.createTime)}</InfoRow>
            <InfoRow label={t('updatedAt')}>{formatVietnamTime(data.updateTime)}</InfoRow>
          </dl>
        </aside>

        <article className="space-y-4 md:order-1">
          <section className="rounded-3xl bg-white p-5 shadow ring-1 ring-ink/10 md:p-6">
            <h2 className="text-xl font-black break-words md:text-2xl" data-testid="ticket-detail-title">
              {data.title}
            </h2>
            <p className="mt-3 whitespace-pre-line break-words text-ink/80">{data.description}</p>
            {data.filesUrl.length > 0 && (
              <div className="mt-5">
                <h3 className="mb-2 text-sm font-bold">{t('images')}</h3>
                <ImageGallery files={data.filesUrl} alt={(index) => t('imageAlt', { index })} />
              </div>
            )}
          </section>

          <section className="rounded-3xl bg-white p-5 shadow ring-1 ring-ink/10 md:p-6">
            <h2 className="mb-3 font-black">{t('replies')}</h2>
            <Replies replies={data.replies} empty={t('noReplies')} staffLabel={t('staff')} testId="ticket-replies" />
          </section>
        </article>
      </div>
    </div>
  );
}
