import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';

/** The colours a status badge takes: done, waiting, failed, nothing to do, and informational. */
export const badgeTones = {
  good: 'bg-emerald-100 text-emerald-800',
  wait: 'bg-amber-100 text-amber-800',
  bad: 'bg-red-100 text-red-800',
  quiet: 'bg-ink/5 text-ink/70',
  leaf: 'bg-leaf/15 text-leaf-ink',
  royal: 'bg-royal/10 text-royal',
  muted: 'bg-ink/10 text-ink/70',
  ruby: 'bg-ruby/10 text-ruby-ink',
  gold: 'bg-gold/20 text-gold-ink',
} as const;

export type BadgeTone = keyof typeof badgeTones;

/** A small rounded status label. */
export function Badge({ tone, testId, children }: { tone: BadgeTone; testId?: string; children: ReactNode }) {
  return (
    <span
      data-testid={testId}
      className={`inline-flex w-fit shrink-0 items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-bold whitespace-nowrap ${badgeTones[tone]}`}
    >
      {children}
    </span>
  );
}

/** The tone of a document staff draft and publish (a pack, a home slide): never published, as drafted, changes waiting. */
export const draftStateTones: Record<'draft' | 'published' | 'changed', BadgeTone> = {
  draft: 'muted',
  published: 'leaf',
  changed: 'gold',
};

/** The badge of a record's status: its tone from `tones`, its words from the messages under `words`. */
export function statusBadge<S extends string>(words: string, tones: Record<S, BadgeTone>, testId: string) {
  return function StatusBadge({ status }: { status: S }) {
    // The status names its message: next-intl cannot check a key built from a type parameter.
    const t = useTranslations(words) as (key: string) => string;
    return (
      <Badge tone={tones[status]} testId={testId}>
        {t(status)}
      </Badge>
    );
  };
}
