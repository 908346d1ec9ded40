'use client';

import type { Ticket } from '@carabala/contracts';
import { useTranslations } from 'next-intl';
import { ImageGallery } from '@/components/image-gallery';
import { InfoRow } from '@/components/info-row';
import { formatVietnamTime, formatConsoleTime } from '@/lib/format';
import { StatusBadge } from './status-badge';

/**
 * A ticket's facts as its player and the staff read them: status, type, when the problem happened, the
 * device, and when it was sent and last changed (to the second for staff, `exactTimes`).
 */
export function TicketFacts({
  ticket,
  exactTimes = false,
}: {
  ticket: Pick<Ticket, 'status' | 'type' | 'incidentTime' | 'device' | 'createTime' | 'updateTime'>;
  exactTimes?: boolean;
}) {
  const t = useTranslations('tickets');
  const time = exactTimes ? formatConsoleTime : formatVietnamTime;
  return (
    <>
      <InfoRow label={t('status')}>
        <StatusBadge status={ticket.status} />
      </InfoRow>
      <InfoRow label={t('type')}>{t(`types.${ticket.type}`)}</InfoRow>
      <InfoRow label={t('incidentTime')}>{ticket.incidentTime}</InfoRow>
      <InfoRow label={t('device')}>{ticket.device}</InfoRow>
      <InfoRow label={t('createdAt')}>{time(ticket.createTime)}</InfoRow>
      <InfoRow label={t('updatedAt')}>{time(ticket.updateTime)}</InfoRow>
    </>
  );
}

/** The images a player attached to a ticket, under their heading; nothing when there are none. */
export function TicketImages({ files }: { files: { url: string }[] }) {
  const t = useTranslations('tickets');
  if (files.length === 0) return null;
  return (
    <div className="mt-4">
      <h2 className="mb-2 text-sm font-bold text-ink/70">{t('images')}</h2>
      <ImageGallery files={files} alt={(index) => t('imageAlt', { index })} />
    </div>
  );
}
