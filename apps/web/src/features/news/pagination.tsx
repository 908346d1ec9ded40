import { getTranslations } from 'next-intl/server';
import { Pager } from '@/components/pager';

/** Links to /news?page=N: plain links, so paging works without JavaScript and is crawlable. */
export async function Pagination({ page, totalPages }: { page: number; totalPages: number }) {
  const t = await getTranslations('news');
  return (
    <Pager
      page={page}
      pages={totalPages}
      href={(target) => (target === 1 ? '/news' : `/news?page=${target}`)}
      label={t('pagination')}
      pageLabel={(target) => t('page', { page: target })}
      labels={{ previous: t('previous'), next: t('next') }}
    />
  );
}
