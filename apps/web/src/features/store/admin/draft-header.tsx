'use client';

import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { BackLink } from '@/components/back-link';
import { Badge, draftStateTones } from '@/components/badge';
import { PublishDraftButton } from '@/components/publish-draft-button';
import { formatConsoleTime } from '@/lib/format';

export type DraftState = 'draft' | 'published' | 'changed';

/**
 * The head of a drafted record's console page (a pack, a promotion): back to the list, the title,
 * its state, the publish button (asks to confirm; the console's step-up dialog asks for a code when
 * the API wants one), when it was last published, and `extra` beside the state and `note` after the line.
 * `words` is the section's messages (back, states, publish…, publishedAt, neverPublished, changedHint).
 */
export function DraftHeader({
  words,
  backHref,
  record,
  testId,
  publish,
  extra,
  note,
}: {
  words: 'admin.catalogue' | 'admin.promotions' | 'admin.vip';
  backHref: string;
  record: { state: DraftState; publishedAt: string | null; draft: { title: string } };
  testId: string;
  publish: { isPending: boolean; mutateAsync: (input: undefined) => Promise<unknown> };
  extra?: ReactNode;
  note?: ReactNode;
}) {
  const t = useTranslations(words);
  return (
    <>
      <BackLink href={backHref} label={t('back')} />
      <div className="mt-2 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-black break-words">{record.draft.title}</h1>
        <span className="flex flex-wrap items-center gap-2">
          <Badge tone={draftStateTones[record.state]} testId={testId}>
            {t(`states.${record.state}`)}
          </Badge>
          {extra}
          <PublishDraftButton words={words} record={record} publish={publish} />
        </span>
      </div>
      <p className="mt-1 text-sm text-ink/70">
        {record.publishedAt ? t('publishedAt', { time: formatConsoleTime(record.publishedAt) }) : t('neverPublished')}
        {record.state === 'changed' && ` ${t('changedHint')}`}
        {note}
      </p>
    </>
  );
}
