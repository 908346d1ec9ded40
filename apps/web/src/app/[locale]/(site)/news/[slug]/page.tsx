import type { Metadata } from 'next';
import { BackLink } from '@/components/back-link';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { publicConfig } from '@/config';
import { MarkdownBody } from '@/components/markdown-body';
import { getArticle } from '@/features/news/api/server';
import { NewsCover } from '@/features/news/news-cover';
import { formatVietnamTime } from '@/lib/format';
import { ApiUnavailableError } from '@/lib/server-api';
import { pageLocale } from '@/i18n/routing';

type Props = { params: Promise<{ locale: string; slug: string }> };

/** Rendered on its first visit, then cached until staff change the news (POST /_internal/revalidate). */
export const revalidate = 300;

export function generateStaticParams() {
  return [];
}

/**
 * A missing article is a real 404; an unreachable API fails the render, so the last good copy stays
 * served, or, when there is none, server.mjs answers a 503 with Retry-After (never a 404 or a 500).
 */
async function loadArticle(slug: string) {
  const result = await getArticle(slug);
  if (result.ok) return result.data;
  if (result.status === 404 || result.status === 400) notFound();
  throw new ApiUnavailableError(result.status);
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  await pageLocale(params);
  const article = await loadArticle((await params).slug);
  const url = `/news/${article.slug}`;
  return {
    metadataBase: new URL(publicConfig.siteUrl),
    title: article.title,
    description: article.summary,
    alternates: { canonical: url },
    openGraph: {
      type: 'article',
      url,
      title: article.title,
      description: article.summary,
      siteName: publicConfig.brand,
      locale: 'vi_VN',
      publishedTime: article.publishedAt,
      modifiedTime: article.updatedAt,
      images: [{ url: article.coverImage, width: 1200, height: 630, alt: article.title }],
    },
    twitter: {
      card: 'summary_large_image',
      title: article.title,
      description: article.summary,
      images: [article.coverImage],
    },
  };
}

export default async function ArticlePage({ params }: Props) {
  await pageLocale(params);
  const article = await loadArticle((await params).slug);
  const t = await getTranslations('news');
  return (
    <article className="mx-auto max-w-3xl px-4 py-8 md:px-6">
      <BackLink href="/news" label={t('back')} />
      <div className="mt-4">
        <p className="text-sm font-bold text-royal uppercase">{t(`category_${article.category}`)}</p>
        <h1 className="mt-1 text-3xl leading-tight font-black md:text-4xl">{article.title}</h1>
        <p className="mt-2 text-sm text-ink/70">
          {t('published')}{' '}
          <time dateTime={article.publishedAt} data-testid="article-date">
            {formatVietnamTime(article.publishedAt)}
          </time>
        </p>
      </div>
      <NewsCover
        src={article.coverImage}
        alt={article.title}
        sizes="(min-width: 768px) 720px, 92vw"
        eager
        className="mt-6 rounded-3xl ring-4 ring-gold/50"
      />
      {article.summary && <p className="mt-6 text-lg font-semibold text-ink/80">{article.summary}</p>}
      <MarkdownBody markdown={article.body} />
    </article>
  );
}
