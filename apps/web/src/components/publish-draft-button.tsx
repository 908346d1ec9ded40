'use client';

import { useTranslations } from 'next-intl';
import { ConfirmButton } from './confirm-button';

/**
 * Publishes a drafted record (a pack, a promotion, a home slide) after a confirmation; nothing while
 * it is published as drafted. The console's step-up dialog asks for a code when the API wants one.
 * `words` is the section's messages (publish, publishTitle, publishText, publishedToast).
 */
export function PublishDraftButton({
  words,
  record,
  publish,
}: {
  words: 'admin.catalogue' | 'admin.promotions' | 'admin.home' | 'admin.vip';
  record: { state: 'draft' | 'published' | 'changed'; draft: { title: string } };
  publish: { isPending: boolean; mutateAsync: (input: undefined) => Promise<unknown> };
}) {
  const t = useTranslations(words);
  const tOps = useTranslations('adminOps');
  if (record.state === 'published') return null;
  return (
    <ConfirmButton
      variant="primary"
      label={t('publish')}
      title={t('publishTitle')}
      description={t('publishText', { title: record.draft.title })}
      pending={publish.isPending}
      onConfirm={() => publish.mutateAsync(undefined)}
      done={() => t('publishedToast')}
      failed={tOps('failed')}
    />
  );
}
