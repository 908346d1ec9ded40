'use client';

import type { UserLookup } from '@carabala/contracts';
import { useTranslations } from 'next-intl';
import { useEffect, useState, type ReactNode } from 'react';
import { Avatar } from '@/components/ui/avatar';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { useReceiverLookup } from './api/receipt';
import { lookupIdOf } from './receiver';

/** How long typing must pause before the User ID is looked up (the API throttles look-ups). */
const LOOKUP_DELAY_MS = 450;

/**
 * ENTER_ID: the receiver a typed User ID names (avatar and display name), under the field, before
 * "Thanh toán ngay". Looked up once typing pauses, or at once on blur (`settled`). It informs only:
 * the order is still made, and refused, by the button. `renderFound` adds what depends on the receiver
 * found (their characters) under it.
 */
export function ReceiverPreview({
  value,
  settled,
  fieldError,
  renderFound,
}: {
  value: string;
  settled: boolean;
  /** The field's own message (after "Thanh toán ngay"): not said twice. */
  fieldError?: string;
  renderFound?: (found: UserLookup) => ReactNode;
}) {
  const t = useTranslations('store');
  const candidate = lookupIdOf(value);
  const [asked, setAsked] = useState<string | null>(null);
  useEffect(() => {
    if (settled) return;
    const timer = setTimeout(() => setAsked(candidate), LOOKUP_DELAY_MS);
    return () => clearTimeout(timer);
  }, [candidate, settled]);
  // Asked once typing paused on it, or at once when the field was left.
  const current = candidate && (settled || asked === candidate) ? candidate : null;
  const lookup = useReceiverLookup(current);

  let content = null;
  if (current && lookup.data) {
    content = (
      <p className="flex min-w-0 items-center gap-3" data-testid="receiver-preview">
        <Avatar avatar={lookup.data.avatar} displayName={lookup.data.displayName} size={40} />
        <span className="flex min-w-0 flex-col">
          <span className="text-xs text-ink/70">{t('receiverLabel')}</span>
          <span className="font-black break-words">{lookup.data.displayName}</span>
          <span className="font-mono text-xs text-ink/70">ID: {lookup.data.shortId}</span>
        </span>
      </p>
    );
  } else if (current && lookup.error) {
    if (lookup.error.message === fieldError) return <div className="min-h-14" />;
    const notFound = lookup.error instanceof ApiError && lookup.error.code === 'api.user.not_found';
    content = (
      <p data-testid="receiver-unknown" className={`text-sm ${notFound ? 'font-semibold text-ruby' : 'text-ink/70'}`}>
        {notFound ? lookup.error.message : t('receiverUnchecked')}
      </p>
    );
  } else if (candidate) {
    content = (
      <p className="flex items-center gap-2 text-sm text-ink/70">
        <Spinner className="size-4" />
        {t('receiverChecking')}
      </p>
    );
  }
  return (
    <>
      <div aria-live="polite" className="min-h-14 rounded-xl bg-ink/5 px-3 py-2 empty:bg-transparent">
        {content}
      </div>
      {current && lookup.data && renderFound?.(lookup.data)}
    </>
  );
}
