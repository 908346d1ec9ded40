import type { NewsSummary } from '@carabala/contracts';
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { formatVietnamTime } from '@/lib/format';
import { NewsCover } from './news-cover';

const categoryTone = {
  updates: 'bg-sky text-ink',
  events: 'bg-gold text-ink',
  maintenance: 'bg-ruby text-white',
} as const;

export async function NewsCard({ item, eager = false }: { item: NewsSummary; eager?: boolean }) {
  const t = await getTranslations('news');
  return (
    <article className="group overflow-hidden rounded-3xl bg-white shadow-md ring-2 ring-gold/30 transition hover:-translate-y-0.5 hover:shadow-lg">
      <Link href={`/news/${item.slug}`} className="flex h-full flex-col" data-testid="news-card">
        <NewsCover
          src={item.coverImage}
          alt={item.title}
          sizes="(min-width: 1024px) 360px, (min-width: 640px) 46vw, 92vw"
          eager={eager}
        />
        <div className="flex flex-1 flex-col gap-2 p-4">
          <div className="flex items-center gap-2 text-xs">
            <span className={`rounded-full px-2 py-0.5 font-bold ${categoryTone[item.category]}`}>
              {t(`category_${item.category}`)}
            </span>
            <time dateTime={item.publishedAt} className="text-ink/70">
              {formatVietnamTime(item.publishedAt)}
            </time>
          </div>
          <h2 className="text-lg leading-snug font-black group-hover:text-royal">{item.title}</h2>
          <p className="line-clamp-2 text-sm text-ink/70">{item.summary}</p>
        </div>
      </Link>
    </article>
  );
}
