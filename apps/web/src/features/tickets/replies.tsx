'use client';

import type { Ticket } from '@carabala/contracts';
import { useLocale } from 'next-intl';
import { formatVietnamTime, formatConsoleTime, relativeTime } from '@/lib/format';

/**
 * The staff's replies to a ticket, oldest first, each under a "staff" mark, its author and time; the
 * `empty` line when there is none yet.
 */
export function Replies({
  replies,
  staffLabel,
  exactTimes = false,
  testId,
  empty,
}: {
  replies: Ticket['replies'];
  staffLabel: string;
  /** Staff read the exact time to the second; players read "2 giờ trước", the exact time on hover. */
  exactTimes?: boolean;
  testId: string;
  empty: string;
}) {
  const locale = useLocale();
  if (replies.length === 0) return <p className="text-sm text-ink/70">{empty}</p>;
  const time = (iso: string) => (
    <time dateTime={iso} title={exactTimes ? undefined : formatVietnamTime(iso)} className="text-xs text-ink/70">
      {exactTimes ? formatConsoleTime(iso) : relativeTime(iso, locale)}
    </time>
  );
  return (
    <ol className="space-y-3" data-testid={testId}>
      {replies.map((reply, index) => (
        <li key={index} className="rounded-2xl bg-royal/5 p-4">
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <span className="rounded-full bg-royal px-2 py-0.5 text-xs font-bold text-white">{staffLabel}</span>
            <span className="font-bold">{reply.name}</span>
            {time(reply.createTime)}
          </div>
          <p className="mt-2 break-words whitespace-pre-line">{reply.content}</p>
        </li>
      ))}
    </ol>
  );
}
