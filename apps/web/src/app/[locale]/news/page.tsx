import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { PageShell } from '@/components/layout/page-shell';
import { NewsCard } from '@/features/news/news-card';
import { getNewsPage, parsePage } from '@/features/news/news-api';
import { Pagination } from '@/features/news/pagination';

export const revalidate = 60;

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('news');
  return { title: t('title'), description: t('subtitle'), alternates: { canonical: '/news' } };
}

export default async function NewsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[]>> }) {
  const t = await getTranslations('news');
  const page = parsePage((await searchParams).page);
  const result = await getNewsPage(page);

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
          <Pagination page={page} totalPages={Math.ceil(result.data.total / result.data.pageSize)} />
        </>
      )}
    </PageShell>
  );
}
