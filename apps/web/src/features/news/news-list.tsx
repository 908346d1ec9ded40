import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { PageShell } from '@/components/layout/page-shell';
import { dataOf } from '@/lib/server-api';
import { getNewsPage } from './api/server';
import { NewsCard } from './news-card';
import { Pagination } from './pagination';

/**
 * One page of the news list (/news, and /news?page=N through the proxy). An unreachable API fails the
 * render (ApiUnavailableError): the last good list stays served, never an empty one.
 */
export async function NewsList({ page }: { page: number }) {
  const t = await getTranslations('news');
  const list = dataOf(await getNewsPage(page));
  const totalPages = Math.ceil(list.total / list.pageSize);
  if (page > Math.max(totalPages, 1)) notFound();

  return (
    <PageShell title={t('title')} subtitle={t('subtitle')}>
      {list.items.length === 0 ? (
        <p className="py-10 text-center text-ink/70">{t('empty')}</p>
      ) : (
        <>
          <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" data-testid="news-list">
            {list.items.map((item, index) => (
              <NewsCard key={item.id} item={item} eager={index === 0} />
            ))}
          </div>
          <Pagination page={page} totalPages={totalPages} />
        </>
      )}
    </PageShell>
  );
}
