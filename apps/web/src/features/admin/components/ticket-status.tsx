'use client';

import type { TicketStatus } from '@carabala/contracts';
import { useTranslations } from 'next-intl';

/** 'Đang xử lý' (amber) or 'Đã trả lời' (green), as the player sees it. */
export function TicketStatusBadge({ status }: { status: TicketStatus }) {
  const t = useTranslations('adminOps.tickets.statuses');
  const processed = status === 'PROCESSED';
  return (
    <span
      data-testid="ticket-status"
      className={`inline-flex shrink-0 items-center gap-1.5 rounded-full px-3 py-1 text-xs font-bold whitespace-nowrap ${
        processed ? 'bg-leaf/15 text-leaf-ink' : 'bg-gold/20 text-gold-ink'
      }`}
    >
      <span aria-hidden className={`size-2 rounded-full ${processed ? 'bg-leaf' : 'bg-gold-deep'}`} />
      {t(status)}
    </span>
  );
}
