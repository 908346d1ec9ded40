import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { NewsList } from '@/features/news/news-list';
import { pageLocale, type LocaleProps } from '@/i18n/routing';

/** Rebuilt when staff change an article (POST /_internal/revalidate); this period is only a backstop. */
export const revalidate = 300;

export async function generateMetadata({ params }: LocaleProps): Promise<Metadata> {
  await pageLocale(params);
  const t = await getTranslations('news');
  return { title: t('title'), description: t('subtitle'), alternates: { canonical: '/news' } };
}

export default async function NewsPage({ params }: LocaleProps) {
  await pageLocale(params);
  return <NewsList page={1} />;
}
