'use client';

import type { Ticket } from '@carabala/contracts';
import { useLocale } from 'next-intl';
import { ImageGallery } from '@/components/image-gallery';
import { formatVietnamTime, formatConsoleTime } from '@/lib/format';
import { relativeTime } from '@/lib/relative-time';

/**
 * The exchange under a ticket, oldest first: staff answers under a "staff" mark, the player's
 * follow-ups under theirs (with their images), each with its author and time; the `empty` line when
 * there is none yet.
 */
export function Replies({
  replies,
  staffLabel,
  playerLabel,
  imageAlt,
  exactTimes = false,
  testId,
  empty,
}: {
  replies: Ticket['replies'];
  staffLabel: string;
  /** The mark of the player's follow-ups ("Bạn" for the player, "Người chơi" for staff). */
  playerLabel: string;
  imageAlt: (index: number) => string;
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
        <li
          key={index}
          className={reply.fromPlayer ? 'rounded-2xl bg-gold/10 p-4 md:ml-8' : 'rounded-2xl bg-royal/5 p-4 md:mr-8'}
          data-from={reply.fromPlayer ? 'player' : 'staff'}
        >
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <span
              className={`rounded-full px-2 py-0.5 text-xs font-bold ${reply.fromPlayer ? 'bg-ink text-white' : 'bg-royal text-white'}`}
            >
              {reply.fromPlayer ? playerLabel : staffLabel}
            </span>
            <span className="font-bold">{reply.name}</span>
            {time(reply.createTime)}
          </div>
          <p className="mt-2 break-words whitespace-pre-line">{reply.content}</p>
          {reply.filesUrl.length > 0 && (
            <div className="mt-3">
              <ImageGallery files={reply.filesUrl} alt={imageAlt} />
            </div>
          )}
        </li>
      ))}
    </ol>
  );
}
