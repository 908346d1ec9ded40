'use client';

import { packStates } from '@carabala/contracts';
import { storeTabs } from '@carabala/contracts/catalogue';
import Image from 'next/image';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { Badge, draftStateTones } from '@/components/badge';
import { FilterTabs } from '@/components/filter-tabs';
import { ListFrame } from '@/components/list-frame';
import { SearchBar } from '@/components/search-bar';
import { buttonClass } from '@/components/ui/button';
import { useUrlState } from '@/components/use-url-state';
import { formatVietnamTime, formatVnd } from '@/lib/format';
import { artOf } from '../drawn-art';
import { useStaffPacks, type PackRow } from './api';

const PAGE_SIZE = 20;
const FILTERS = ['q', 'tab', 'state'] as const;

/** "20:00 26/11/2026 → 23:59 30/11/2026": a window in Vietnam time, either end open. */
function windowText(from: string | null, until: string | null, always: string) {
  if (!from && !until) return always;
  return `${from ? formatVietnamTime(from) : '…'} → ${until ? formatVietnamTime(until) : '…'}`;
}

function PackListRow({ pack }: { pack: PackRow }) {
  const t = useTranslations('admin.catalogue');
  const tStore = useTranslations('store');
  const { draft } = pack;
  return (
    <li>
      <Link
        href={`/admin/catalogue/${pack.packId}`}
        data-testid="catalogue-row"
        className="flex items-center gap-3 rounded-2xl bg-white p-3 ring-1 ring-ink/10 hover:ring-royal"
      >
        <Image
          src={artOf({ id: pack.packId, ...draft }, 'thumbnail')}
          alt=""
          width={48}
          height={48}
          unoptimized
          className="size-12 shrink-0 rounded-xl"
        />
        <span className="min-w-0 flex-1">
          <span className="block font-bold break-words">{draft.title}</span>
          <span className="block text-xs text-ink/70">
            {tStore(`tabs.${draft.tab}`)} · {formatVnd(draft.price)}
            {draft.sale && ` · ${t('saleShort', { price: formatVnd(draft.sale.price) })}`} ·{' '}
            {windowText(draft.visibleFrom, draft.visibleUntil, t('always'))}
          </span>
        </span>
        <Badge tone={draftStateTones[pack.state]}>{t(`states.${pack.state}`)}</Badge>
      </Link>
    </li>
  );
}

/** The store's packs for staff: search ignoring diacritics, filter by tab and state, create one. */
export function CatalogueListPage() {
  const t = useTranslations('admin.catalogue');
  const tStore = useTranslations('store');
  const { values, page, update } = useUrlState(FILTERS);
  const query = useStaffPacks({ ...values, page, pageSize: PAGE_SIZE });
  return (
    <ListFrame
      title={t('title')}
      intro={<p className="mt-1 text-sm text-ink/70">{t('intro')}</p>}
      actions={
        <Link href="/admin/catalogue/new" className={buttonClass('primary')}>
          {t('create')}
        </Link>
      }
      filters={
        <>
          <SearchBar value={values.q} placeholder={t('searchPlaceholder')} onSearch={(q) => update({ q })} />
          <FilterTabs
            label={t('tabLabel')}
            value={values.tab}
            all={t('allTabs')}
            options={storeTabs.map((tab) => ({ value: tab, label: tStore(`tabs.${tab}`) }))}
            onChange={(tab) => update({ tab })}
          />
          <FilterTabs
            label={t('stateLabel')}
            value={values.state}
            all={t('allStates')}
            options={packStates.map((state) => ({ value: state, label: t(`states.${state}`) }))}
            onChange={(state) => update({ state })}
          />
        </>
      }
      query={query}
      empty={t('empty')}
      row={(pack) => <PackListRow key={pack.id} pack={pack} />}
    />
  );
}
