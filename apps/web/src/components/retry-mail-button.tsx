'use client';

import { internalMailSchema } from '@carabala/contracts';
import { useTranslations } from 'next-intl';
import { ConfirmButton } from '@/components/confirm-button';
import { useMoneyAction } from '@/lib/staff-money';

/** Sends a dead mail again: from the deliveries list and from an order's detail page. */
export function RetryMailButton({
  mailId,
  label,
  description,
  done,
}: {
  mailId: string;
  label: string;
  description: string;
  done: string;
}) {
  const t = useTranslations('adminPayments');
  const retry = useMoneyAction(
    (id: string) => `/internal/mails/${id}/retry`,
    () => ({}),
    internalMailSchema,
  );
  return (
    <ConfirmButton
      label={label}
      title={t('deliveries.retryTitle')}
      description={description}
      pending={retry.isPending}
      onConfirm={() => retry.mutateAsync(mailId)}
      done={() => done}
      failed={t('failed')}
    />
  );
}
