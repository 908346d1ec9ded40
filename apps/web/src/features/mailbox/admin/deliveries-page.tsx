'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { CharacterLine } from '@/components/character-picker';
import { ListCard } from '@/components/list-card';
import { DeliveryBadge } from '@/components/delivery-badge';
import { FilterTabs } from '@/components/filter-tabs';
import { ListFrame } from '@/components/list-frame';
import { RetryMailButton } from '@/components/retry-mail-button';
import { useUrlState } from '@/components/use-url-state';
import { formatItems, formatConsoleTime } from '@/lib/format';
import { useMails } from '../api/staff';
import { useCan } from '@/lib/permissions';
import { useItemNames } from '@/lib/item-names';

const PAGE_SIZE = 20;
const FILTERS = ['status'] as const;
const STATUSES = ['dead', 'pending', 'delivered'] as const;

export function DeliveriesPage() {
  const t = useTranslations('adminPayments.deliveries');
  const names = useItemNames();
  const tp = useTranslations('adminPayments');
  const allowed = useCan();
  const { values, page, update } = useUrlState(FILTERS);
  const status = STATUSES.find((value) => value === values.status) ?? 'dead';
  const query = useMails({ status, page, pageSize: PAGE_SIZE });

  return (
    <ListFrame
      title={t('title')}
      intro={<p className="mt-1 max-w-3xl text-sm text-ink/70">{t('intro')}</p>}
      filters={
        <FilterTabs
          label={t('statusLabel')}
          value={status}
          options={STATUSES.map((value) => ({ value, label: tp(`delivery.${value}`) }))}
          onChange={(value) => update({ status: value === 'dead' ? '' : value })}
        />
      }
      query={query}
      empty={t('empty')}
      row={(mail) => (
        <ListCard
          testId="mail"
          heading={
            <>
              <span className="font-bold">{mail.title}</span>
              <DeliveryBadge delivery={mail.status} />
            </>
          }
          actions={
            mail.status === 'dead' &&
            allowed('deliveries.retry') && (
              <RetryMailButton
                mailId={mail.id}
                label={tp('deliveries.retry')}
                description={tp('deliveries.retryText', { title: mail.title, shortId: mail.receiverShortId })}
                done={tp('deliveries.retried')}
              />
            )
          }
        >
          <p className="mt-1 text-sm text-ink/70">
            {t('receiver')}: <span className="font-mono text-royal">#{mail.receiverShortId}</span> ·{' '}
            {formatItems(mail.items, names)}
          </p>
          <CharacterLine character={mail.character} className="mt-1 text-sm text-ink/70" />
          <p className="mt-1 text-xs text-ink/70">
            {t('source')}: {mail.source}
            {mail.source === 'order' && (
              <>
                {' '}
                (
                <Link href={`/admin/transactions/${mail.sourceId}`} className="text-royal underline">
                  {t('openOrder')}
                </Link>
                )
              </>
            )}{' '}
            · {t('attempts', { attempts: mail.attempts })} · {t('created', { date: formatConsoleTime(mail.createdAt) })}
            {mail.deliveredAt && <> · {t('deliveredAt', { date: formatConsoleTime(mail.deliveredAt) })}</>}
            {mail.status === 'pending' && <> · {t('nextAttempt', { date: formatConsoleTime(mail.nextAttemptAt) })}</>}
          </p>
          {mail.lastError && <p className="mt-1 text-sm break-words text-ruby">{mail.lastError}</p>}
        </ListCard>
      )}
    />
  );
}
