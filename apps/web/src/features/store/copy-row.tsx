'use client';

import { useTranslations } from 'next-intl';
import { copyText } from './copy';

/** A label and a value the player copies with one tap (the transfer's details, the order's link). */
export function CopyRow({
  label,
  value,
  display,
  oneLine = false,
}: {
  label: string;
  value: string;
  display?: string;
  /** A long value (a link) kept to one line, cut with an ellipsis: the button copies all of it. */
  oneLine?: boolean;
}) {
  const t = useTranslations('store');
  return (
    // Wraps the value under a long label on a narrow phone rather than squeezing or overflowing it.
    <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 border-b border-ink/10 py-2 last:border-0">
      <span className="min-w-0 text-sm text-ink/70">{label}</span>
      <button
        type="button"
        onClick={() => copyText(value, t('copied'))}
        aria-label={t('copy', { label })}
        className="ml-auto flex max-w-full min-w-0 items-center gap-2 rounded-lg px-2 py-1 text-right font-bold hover:bg-royal/10"
      >
        <span className={`min-w-0 ${oneLine ? 'truncate font-mono text-xs' : '[overflow-wrap:anywhere]'}`}>
          {display ?? value}
        </span>
        <svg
          viewBox="0 0 24 24"
          className="size-4 shrink-0 text-royal"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <rect x="9" y="9" width="11" height="11" rx="2" />
          <path d="M5 15V5a2 2 0 0 1 2-2h10" />
        </svg>
      </button>
    </div>
  );
}
