'use client';

import { packStates, type Paged } from '@carabala/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useMemo, type ReactNode } from 'react';
import { Badge, draftStateTones } from '@/components/badge';
import { FilterTabs } from '@/components/filter-tabs';
import { ListFrame } from '@/components/list-frame';
import { SearchBar } from '@/components/search-bar';
import { buttonClass } from '@/components/ui/button';
import { useUrlState } from '@/components/use-url-state';
import type { DraftState } from './draft-header';

/** One drafted record as its list shows it (a link to its page): its title, a line of facts, its state. */
export interface DraftRow {
  title: string;
  facts: ReactNode;
  state: DraftState;
  picture?: ReactNode;
  /** A badge beside the state (a pack staff hid from the store). */
  flag?: ReactNode;
}

/** The filters of such a list: the search, the one grouping (a pack's tab, a promotion's kind), the state. */
const draftFilters = (group: string) => ['q', group, 'state'] as const;

const PAGE_SIZE = 20;

interface DraftListProps<T> {
  /** The console section (/admin/{section}); its messages are `admin.{section}` (title, intro, create, searchPlaceholder, empty, stateLabel, allStates, states.*). */
  section: 'catalogue' | 'promotions' | 'vip';
  /** The section's calls (draftRecords): the list is read 20 a page, with the filters in the address. */
  records: { useList: (values: Record<string, string>, page: number, pageSize: number) => UseQueryResult<Paged<T>> };
  /** The one grouping filtered by (a pack's tab, a promotion's kind): its name in the address, its choices; none for VIP tiers. */
  group?: { name: string; options: { value: string; label: string }[] };
  row: (item: T) => DraftRow;
  rowTestId: string;
  /** Links beside "create" (the catalogue's preview). */
  actions?: ReactNode;
}

/**
 * A console list of drafted records (packs, promotions): search ignoring diacritics, filter by their
 * grouping and their state, create one, each row linking to its page.
 */
export function DraftListPage<T extends { id: string; recordId: number }>({
  section,
  records,
  group,
  row,
  rowTestId,
  actions,
}: DraftListProps<T>) {
  const t = useTranslations(`admin.${section}`);
  const base = `/admin/${section}`;
  const filters = useMemo(() => draftFilters(group?.name ?? 'group'), [group?.name]);
  const { values, page, update } = useUrlState(filters);
  const query = records.useList(values, page, PAGE_SIZE);
  return (
    <ListFrame
      title={t('title')}
      intro={<p className="mt-1 text-sm text-ink/70">{t('intro')}</p>}
      actions={
        <div className="flex flex-wrap gap-2">
          {actions}
          <Link href={`${base}/new`} className={buttonClass('primary')}>
            {t('create')}
          </Link>
        </div>
      }
      filters={
        <>
          <SearchBar value={values.q ?? ''} placeholder={t('searchPlaceholder')} onSearch={(q) => update({ q })} />
          {group && (
            <FilterTabs
              label={t('groupLabel')}
              all={t('allGroups')}
              options={group.options}
              value={values[group.name] ?? ''}
              onChange={(value) => update({ [group.name]: value })}
            />
          )}
          <FilterTabs
            label={t('stateLabel')}
            value={values.state ?? ''}
            all={t('allStates')}
            options={packStates.map((state) => ({ value: state, label: t(`states.${state}`) }))}
            onChange={(state) => update({ state })}
          />
        </>
      }
      query={query}
      empty={t('empty')}
      row={(item) => {
        const { title, facts, state, picture, flag } = row(item);
        return (
          <li key={item.id}>
            <Link
              href={`${base}/${item.recordId}`}
              data-testid={rowTestId}
              className="flex items-center gap-3 rounded-2xl bg-white p-3 ring-1 ring-ink/10 hover:ring-royal"
            >
              {picture}
              <span className="min-w-0 flex-1">
                <span className="block font-bold break-words">{title}</span>
                <span className="block text-xs text-ink/70">{facts}</span>
              </span>
              <span className="flex flex-col items-end gap-1">
                {flag}
                <Badge tone={draftStateTones[state]}>{t(`states.${state}`)}</Badge>
              </span>
            </Link>
          </li>
        );
      }}
    />
  );
}
