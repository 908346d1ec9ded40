import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { PageShell } from '@/components/layout/page-shell';
import { getNewsPage } from './api/server';
import { NewsCard } from './news-card';
import { Pagination } from './pagination';

/** One page of the news list (/news, and /news?page=N through the proxy). */
export async function NewsList({ page }: { page: number }) {
  const t = await getTranslations('news');
  const result = await getNewsPage(page);
  const totalPages = result.ok ? Math.ceil(result.data.total / result.data.pageSize) : 0;
  if (result.ok && page > Math.max(totalPages, 1)) notFound();

  return (
    <PageShell title={t('title')} subtitle={t('subtitle')}>
      {!result.ok ? (
        <p className="py-10 text-center text-ink/70">{t('unavailable')}</p>
      ) : result.data.items.length === 0 ? (
        <p className="py-10 text-center text-ink/70">{t('empty')}</p>
      ) : (
        <>
          <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" data-testid="news-list">
            {result.data.items.map((item, index) => (
              <NewsCard key={item.id} item={item} eager={index === 0} />
            ))}
          </div>
          <Pagination page={page} totalPages={totalPages} />
        </>
      )}
    </PageShell>
  );
}
