'use client';

import type { Paged } from '@carabala/contracts';
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

/** One drafted record as its list shows it: a link to its page, its title, a line of facts, its state. */
export interface DraftRow {
  href: string;
  title: string;
  facts: ReactNode;
  state: DraftState;
  picture?: ReactNode;
}

/** The filters of such a list: the search, the one grouping (`kind`: a pack's tab, a promotion's kind), the state. */
const draftFilters = (kind: string) => ['q', kind, 'state'] as const;

/**
 * A console list of drafted records (packs, promotions): search ignoring diacritics, filter by their
 * grouping and their state, create one, each row linking to its page. `words` is the section's
 * messages (title, intro, create, searchPlaceholder, empty, stateLabel, allStates, states.*).
 */
export function DraftListPage<T extends { id: string }>({
  words,
  base,
  kind,
  states,
  useItems,
  row,
  rowTestId,
  actions,
}: {
  words: 'admin.catalogue' | 'admin.promotions';
  base: string;
  kind: { name: string; label: string; all: string; options: { value: string; label: string }[] };
  states: readonly DraftState[];
  /** The list's read, for the filters in the address and its page. */
  useItems: (values: Record<string, string>, page: number) => UseQueryResult<Paged<T>>;
  row: (item: T) => DraftRow;
  rowTestId: string;
  /** Links beside "create" (the catalogue's preview). */
  actions?: ReactNode;
}) {
  const t = useTranslations(words);
  const filters = useMemo(() => draftFilters(kind.name), [kind.name]);
  const { values, page, update } = useUrlState(filters);
  const query = useItems(values, page);
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
          <FilterTabs {...kind} value={values[kind.name] ?? ''} onChange={(value) => update({ [kind.name]: value })} />
          <FilterTabs
            label={t('stateLabel')}
            value={values.state ?? ''}
            all={t('allStates')}
            options={states.map((state) => ({ value: state, label: t(`states.${state}`) }))}
            onChange={(state) => update({ state })}
          />
        </>
      }
      query={query}
      empty={t('empty')}
      row={(item) => {
        const { href, title, facts, state, picture } = row(item);
        return (
          <li key={item.id}>
            <Link
              href={href}
              data-testid={rowTestId}
              className="flex items-center gap-3 rounded-2xl bg-white p-3 ring-1 ring-ink/10 hover:ring-royal"
            >
              {picture}
              <span className="min-w-0 flex-1">
                <span className="block font-bold break-words">{title}</span>
                <span className="block text-xs text-ink/70">{facts}</span>
              </span>
              <Badge tone={draftStateTones[state]}>{t(`states.${state}`)}</Badge>
            </Link>
          </li>
        );
      }}
    />
  );
}
