'use client';

import { useTranslations } from 'next-intl';
import { ConfirmButton } from './confirm-button';

/**
 * "Ẩn ngay" on a published record (a pack, a home slide) and "Hiện lại" on a hidden one, each after a
 * confirmation; nothing for a record never published. The console's step-up dialog asks for a code
 * when the API wants one, as for a publication. `words` is the section's messages (hide, hideTitle,
 * hideText, hiddenToast, show, showTitle, showText, shownToast).
 */
export function HideRecordButton({
  words,
  record,
  setHidden,
}: {
  words: 'admin.catalogue' | 'admin.home';
  record: { published: { title: string } | null; hiddenAt: string | null };
  setHidden: { isPending: boolean; mutateAsync: (hidden: boolean) => Promise<unknown> };
}) {
  const t = useTranslations(words);
  const tOps = useTranslations('adminOps');
  if (!record.published) return null;
  const hide = record.hiddenAt === null;
  return (
    <ConfirmButton
      variant="outline"
      label={t(hide ? 'hide' : 'show')}
      title={t(hide ? 'hideTitle' : 'showTitle')}
      description={t(hide ? 'hideText' : 'showText', { title: record.published.title })}
      pending={setHidden.isPending}
      onConfirm={() => setHidden.mutateAsync(hide)}
      done={() => t(hide ? 'hiddenToast' : 'shownToast')}
      failed={tOps('failed')}
    />
  );
}
