import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { NewsList } from '@/features/news/news-list';
import { pageLocale } from '@/i18n/routing';

/** /news?page=N (N > 1), rewritten here by the proxy so that each page is cached like /news. */
type Props = { params: Promise<{ locale: string; page: string }> };

export const revalidate = 300;

export function generateStaticParams() {
  return [];
}

async function pageNumber(params: Props['params']) {
  const page = Number((await params).page);
  if (!Number.isInteger(page) || page < 2 || page > 10_000) notFound();
  return page;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  await pageLocale(params);
  const t = await getTranslations('news');
  const page = await pageNumber(params);
  return { title: t('title'), description: t('subtitle'), alternates: { canonical: `/news?page=${page}` } };
}

export default async function NewsPagedPage({ params }: Props) {
  await pageLocale(params);
  return <NewsList page={await pageNumber(params)} />;
}
