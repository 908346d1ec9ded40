import type { ShownSlide } from './content';
import type { NewsSummary } from '@carabala/contracts';
import { truncateTitle } from '@carabala/contracts/labels';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { formatVietnamDayMonth } from '@/lib/format';
import { NewsSlider } from './news-slider';
import { SectionTitle } from './section-title';

function SearchIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" className="text-ink/70">
      <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="m20 20-4-4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

/** The news slider and the latest articles (`items`); pinned ("HOT") ones first and marked, else the newest is. */
export function NewsSection({ slides, items }: { slides: ShownSlide[]; items: NewsSummary[] }) {
  const t = useTranslations('homeSections');
  return (
    <section className="mx-auto max-w-6xl px-4 py-12 md:px-6" data-testid="home-news">
      <SectionTitle title={t('newsTitle')} />
      <div className="grid grid-cols-1 gap-6 md:grid-cols-2">
        <NewsSlider slides={slides} />
        <div className="rounded-3xl bg-white p-4 shadow-md ring-2 ring-gold/40 md:p-5">
          <div className="flex flex-wrap items-center justify-between gap-3 border-b-2 border-ink/10 pb-3">
            <div role="tablist" aria-label={t('newsTitle')}>
              <span
                role="tab"
                aria-selected="true"
                className="inline-block rounded-full bg-royal px-4 py-1.5 text-sm font-bold text-white"
              >
                {t('newsTab')}
              </span>
            </div>
            {/* The search box is part of the design; searching the news is not offered yet. */}
            <label className="flex min-w-0 flex-1 items-center gap-2 rounded-full bg-cream px-3 py-1.5 ring-1 ring-ink/10 sm:max-w-60">
              <SearchIcon />
              <input
                type="search"
                placeholder={t('newsSearch')}
                aria-label={t('newsSearch')}
                className="w-full min-w-0 bg-transparent text-sm outline-none"
              />
            </label>
          </div>
          {items.length === 0 ? (
            <p className="py-8 text-center text-ink/70">{t('newsEmpty')}</p>
          ) : (
            <ul className="divide-y divide-ink/10" data-testid="home-news-list">
              {items.map((item, index) => (
                <li key={item.id}>
                  <Link href={`/news/${item.slug}`} title={item.title} className="news-row">
                    {(item.hot || (index === 0 && !items.some((other) => other.hot))) && (
                      <span
                        className="shrink-0 rounded bg-ruby px-1.5 py-0.5 text-xs font-black text-white"
                        data-testid="news-hot"
                      >
                        {t('newsHot')}
                      </span>
                    )}
                    <span className="min-w-0 flex-1" data-testid="home-news-title">
                      {truncateTitle(item.title)}
                    </span>
                    <time dateTime={item.publishedAt} className="news-date">
                      {formatVietnamDayMonth(item.publishedAt)}
                    </time>
                  </Link>
                </li>
              ))}
            </ul>
          )}
          <div className="pt-3 text-right">
            <Link href="/news" className="text-sm font-bold text-royal hover:underline">
              {t('newsMore')} →
            </Link>
          </div>
        </div>
      </div>
    </section>
  );
}
