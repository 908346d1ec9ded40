'use client';

import type { BankEventMatch, InternalTransaction } from '@carabala/contracts';
import { useTranslations } from 'next-intl';
import { Badge } from '@/components/badge';

export function StatusBadge({ status }: { status: InternalTransaction['status'] }) {
  const t = useTranslations('adminPayments.status');
  return (
    <Badge tone={status === 'done' ? 'good' : status === 'held' ? 'bad' : status === 'cancelled' ? 'quiet' : 'wait'}>
      {t(status)}
    </Badge>
  );
}

export function DeliveryBadge({ delivery }: { delivery: InternalTransaction['delivery'] }) {
  const t = useTranslations('adminPayments.delivery');
  if (!delivery) return <Badge tone="quiet">{t('none')}</Badge>;
  return <Badge tone={delivery === 'delivered' ? 'good' : delivery === 'dead' ? 'bad' : 'wait'}>{t(delivery)}</Badge>;
}

export function MatchBadge({ match }: { match: BankEventMatch }) {
  const t = useTranslations('adminPayments.match');
  return <Badge tone={match === 'credited' ? 'good' : match === 'outgoing' ? 'quiet' : 'bad'}>{t(match)}</Badge>;
}

/** A labelled multi-line text box for the note every money action carries. */
export function NoteField({
  label,
  value,
  onChange,
  error,
  placeholder,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  placeholder?: string;
}) {
  return (
    <label className="mt-3 block text-sm font-semibold">
      {label}
      <textarea
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder={placeholder}
        rows={3}
        maxLength={500}
        aria-invalid={Boolean(error)}
        className={`mt-1 block w-full rounded-xl border-2 bg-white px-3 py-2 text-base font-normal outline-none ${
          error ? 'border-ruby' : 'border-ink/15 focus:border-royal'
        }`}
      />
      {error && (
        <span role="alert" className="mt-1 block text-sm font-normal text-ruby">
          {error}
        </span>
      )}
    </label>
  );
}
