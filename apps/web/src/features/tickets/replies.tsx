import type { Ticket } from '@carabala/contracts';
import type { ReactNode } from 'react';

/**
 * The staff's replies to a ticket, oldest first, each under a "staff" mark, its author and time; the
 * `empty` line when there is none yet.
 */
export function Replies({
  replies,
  staffLabel,
  time,
  testId,
  empty,
}: {
  replies: Ticket['replies'];
  staffLabel: string;
  time: (iso: string) => ReactNode;
  testId: string;
  empty: string;
}) {
  if (replies.length === 0) return <p className="text-sm text-ink/70">{empty}</p>;
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
