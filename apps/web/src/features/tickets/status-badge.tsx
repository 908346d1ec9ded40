import type { TicketStatus } from '@carabala/contracts';
import { useTranslations } from 'next-intl';
import { Badge } from '@/components/badge';

/** 'Đang xử lý' (amber) or 'Đã trả lời' (green), as the player and the staff both see it. */
export function StatusBadge({ status }: { status: TicketStatus }) {
  const t = useTranslations('tickets');
  const processed = status === 'PROCESSED';
  return (
    <Badge tone={processed ? 'leaf' : 'gold'} testId="ticket-status">
      <span aria-hidden className={`size-2 rounded-full ${processed ? 'bg-leaf' : 'bg-gold-deep'}`} />
      {processed ? t('filterProcessed') : t('filterProcessing')}
    </Badge>
  );
}
