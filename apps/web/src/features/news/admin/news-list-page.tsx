'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { Badge } from '@/components/badge';
import { FilterTabs } from '@/components/filter-tabs';
import { ListFrame } from '@/components/list-frame';
import { SearchBar } from '@/components/search-bar';
import { buttonClass } from '@/components/ui/button';
import { useUrlState } from '@/components/use-url-state';
import { formatConsoleTime } from '@/lib/format';
import { useStaffNews } from '../api/staff';

const PAGE_SIZE = 20;
const FILTERS = ['published', 'q'] as const;

export function NewsListPage() {
  const t = useTranslations('admin.news');
  const tNews = useTranslations('news');
  const { values, page, update } = useUrlState(FILTERS);
  const query = useStaffNews({ published: values.published, q: values.q, page, pageSize: PAGE_SIZE });

  return (
    <ListFrame
      title={t('title')}
      actions={
        <Link href="/admin/news/new" className={buttonClass('primary')}>
          {t('create')}
        </Link>
      }
      filters={
        <>
          <SearchBar value={values.q} placeholder={t('searchPlaceholder')} onSearch={(q) => update({ q })} />
          <FilterTabs
            label={t('statusLabel')}
            value={values.published}
            all={t('all')}
            options={[
              { value: 'true', label: t('published') },
              { value: 'false', label: t('drafts') },
            ]}
            onChange={(published) => update({ published })}
          />
        </>
      }
      query={query}
      empty={t('empty')}
    >
      {(articles) => (
        <ul className="mt-4 space-y-2">
          {articles.map((article) => (
            <li key={article.id}>
              <Link
                href={`/admin/news/${article.id}`}
                className="flex flex-col gap-1 rounded-2xl bg-white p-4 ring-1 ring-ink/10 hover:ring-royal md:flex-row md:items-center md:gap-4"
              >
                <span className="min-w-0 flex-1">
                  <span className="block truncate font-bold">{article.title}</span>
                  <span className="block truncate font-mono text-xs text-ink/70">/news/{article.slug}</span>
                </span>
                <span className="text-sm text-ink/70">{tNews(`category_${article.category}`)}</span>
                <Badge tone={article.published ? 'leaf' : 'muted'}>
                  {article.published ? t('published') : t('draft')}
                </Badge>
                <span className="text-sm text-ink/70">
                  {article.publishedAt ? formatConsoleTime(article.publishedAt) : '—'}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </ListFrame>
  );
}
