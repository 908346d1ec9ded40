import Link from 'next/link';
import { getTranslations } from 'next-intl/server';

/** Links to /news?page=N: plain links, so paging works without JavaScript and is crawlable. */
export async function Pagination({ page, totalPages }: { page: number; totalPages: number }) {
  const t = await getTranslations('news');
  if (totalPages <= 1) return null;
  const href = (target: number) => (target === 1 ? '/news' : `/news?page=${target}`);
  const base = 'inline-flex h-10 min-w-10 items-center justify-center rounded-full px-3 text-sm font-bold';
  return (
    <nav aria-label={t('pagination')} className="mt-10 flex flex-wrap items-center justify-center gap-2">
      {page > 1 && (
        <Link href={href(page - 1)} rel="prev" className={`${base} bg-white ring-2 ring-royal/30 hover:bg-royal/5`}>
          {t('previous')}
        </Link>
      )}
      {Array.from({ length: totalPages }, (_, index) => index + 1).map((target) =>
        target === page ? (
          <span key={target} aria-current="page" className={`${base} bg-royal text-white`}>
            {target}
          </span>
        ) : (
          <Link
            key={target}
            href={href(target)}
            aria-label={t('page', { page: target })}
            className={`${base} bg-white ring-2 ring-royal/30 hover:bg-royal/5`}
          >
            {target}
          </Link>
        ),
      )}
      {page < totalPages && (
        <Link href={href(page + 1)} rel="next" className={`${base} bg-white ring-2 ring-royal/30 hover:bg-royal/5`}>
          {t('next')}
        </Link>
      )}
    </nav>
  );
}
