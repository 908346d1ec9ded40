'use client';

import type { BankEventMatch } from '@carabala/contracts';
import { useTranslations } from 'next-intl';
import { forwardRef, type ComponentProps } from 'react';
import { Badge } from '@/components/badge';
import { TextAreaField } from '@/components/form/fields';

export function MatchBadge({ match }: { match: BankEventMatch }) {
  const t = useTranslations('adminPayments.match');
  return <Badge tone={match === 'credited' ? 'good' : match === 'outgoing' ? 'quiet' : 'bad'}>{t(match)}</Badge>;
}

/** The note or reason every money action carries: at most 500 characters, as the contracts allow. */
export const NoteField = forwardRef<HTMLTextAreaElement, ComponentProps<typeof TextAreaField>>(
  function NoteField(props, ref) {
    const t = useTranslations('adminPayments');
    return (
      <TextAreaField
        ref={ref}
        className="mt-3"
        placeholder={t('notePlaceholder')}
        rows={3}
        maxLength={500}
        {...props}
      />
    );
  },
);
