'use client';

import { giftCodeStatusSchema, type GiftCodeSummary } from '@carabala/contracts';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { ListFrame } from '@/components/list-frame';
import { SearchBar, SelectFilter } from '@/components/search-bar';
import { buttonClass } from '@/components/ui/button';
import { useUrlState } from '@/components/use-url-state';
import { formatConsoleTime } from '@/lib/format';
import { useGiftCodes } from '../api/staff';
import { CsvButton } from './csv-button';
import { GiftCodeStatusBadge } from './status-badge';
import { useCan } from '@/lib/permissions';
import { UnlistedItemsBadge } from '@/components/unlisted-items-badge';

const PAGE_SIZE = 20;
const FILTERS = ['search', 'status', 'batchId'] as const;

function Usage({ code }: { code: GiftCodeSummary }) {
  const t = useTranslations('adminOps.giftCodes');
  return (
    <span className="font-semibold tabular-nums">
      {t('usageValue', { used: code.usesCount, max: code.maxUses ?? '∞' })}
    </span>
  );
}

function ValidWindow({ code }: { code: GiftCodeSummary }) {
  const t = useTranslations('adminOps.giftCodes');
  if (!code.startsAt && !code.expiresAt) return <>{t('always')}</>;
  return (
    <>
      {code.startsAt && <span className="block">{t('from', { date: formatConsoleTime(code.startsAt) })}</span>}
      {code.expiresAt && <span className="block">{t('until', { date: formatConsoleTime(code.expiresAt) })}</span>}
    </>
  );
}

export function GiftCodesPage() {
  const t = useTranslations('adminOps.giftCodes');
  const { values, page, update } = useUrlState(FILTERS);
  const status = giftCodeStatusSchema.safeParse(values.status).data;
  const query = useGiftCodes({
    search: values.search || undefined,
    status,
    batchId: values.batchId || undefined,
    page,
    pageSize: PAGE_SIZE,
  });
  const canWrite = useCan()('gift-codes.write');

  return (
    <ListFrame
      title={t('title')}
      actions={
        canWrite && (
          <div className="flex flex-wrap gap-2">
            <Link href="/admin/gift-codes/new" className={buttonClass('secondary', 'px-4 py-2')}>
              {t('createOne')}
            </Link>
            <Link href="/admin/gift-codes/batch" className={buttonClass('outline', 'px-4 py-1.5')}>
              {t('createBatch')}
            </Link>
          </div>
        )
      }
      filters={
        <>
          {!canWrite && <p className="mt-2 text-sm text-ink/70">{t('staffReadOnly')}</p>}

          <SearchBar
            value={values.search}
            placeholder={t('searchPlaceholder')}
            onSearch={(search) => update({ search })}
          >
            <SelectFilter
              label={t('status')}
              value={status ?? ''}
              all={t('allStatuses')}
              options={giftCodeStatusSchema.options}
              optionLabel={(value) => t(`statuses.${value}`)}
              onChange={(value) => update({ status: value })}
            />
          </SearchBar>

          {values.batchId && (
            <div className="mt-3 flex flex-wrap items-center gap-2 rounded-2xl bg-royal/5 p-3 text-sm">
              <span className="font-semibold">{t('batchFilter')}</span>
              <span className="font-mono text-xs break-all text-ink/70">{values.batchId}</span>
              <span className="flex-1" />
              {canWrite && <CsvButton batchId={values.batchId} />}
              <button
                type="button"
                onClick={() => update({ batchId: '' })}
                className="rounded-lg px-3 py-1.5 ring-1 ring-ink/15"
              >
                {t('clearBatch')}
              </button>
            </div>
          )}
        </>
      }
      query={query}
      empty={t('empty')}
    >
      {(codes) => (
        <div className="mt-4 overflow-hidden rounded-2xl bg-white ring-1 ring-ink/10">
          <div className="hidden grid-cols-[minmax(0,1.2fr)_minmax(0,1.5fr)_7rem_6rem_minmax(0,1.3fr)] gap-3 bg-ink/5 px-4 py-2 text-xs font-bold uppercase md:grid">
            <span>{t('code')}</span>
            <span>{t('name')}</span>
            <span>{t('status')}</span>
            <span>{t('usage')}</span>
            <span>{t('window')}</span>
          </div>
          <ul data-testid="gift-code-rows">
            {codes.map((code) => (
              <li key={code.id} className="border-t border-ink/5 first:border-0">
                <Link
                  href={`/admin/gift-codes/${code.id}`}
                  className="grid grid-cols-[1fr_auto] gap-x-3 gap-y-1 px-4 py-3 text-sm hover:bg-royal/5 md:grid-cols-[minmax(0,1.2fr)_minmax(0,1.5fr)_7rem_6rem_minmax(0,1.3fr)] md:items-center"
                >
                  <span className="font-mono font-bold break-all text-royal">{code.code}</span>
                  <span className="justify-self-end md:order-3 md:justify-self-start">
                    <GiftCodeStatusBadge status={code.status} />
                  </span>
                  <span className="min-w-0 md:order-2">
                    <span className="block truncate">
                      {code.name}
                      {code.newPlayerOnly && <span className="ml-2 text-xs text-ink/70">· {t('newPlayerOnly')}</span>}
                    </span>
                    <UnlistedItemsBadge itemIds={code.rewards.map((reward) => reward.itemId)} />
                  </span>
                  <span className="justify-self-end md:order-4 md:justify-self-start">
                    <Usage code={code} />
                  </span>
                  <span className="col-span-2 text-xs text-ink/70 md:order-5 md:col-span-1">
                    <ValidWindow code={code} />
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </div>
      )}
    </ListFrame>
  );
}
