import { getHomeSlides } from '@/features/home/home-slides';
import { HomeSections } from '@/features/home/home-sections';
import { getLatestNews } from '@/features/home/latest-news';
import { PageMessages } from '@/i18n/page-messages';
import { pageLocale, type LocaleProps } from '@/i18n/routing';

/**
 * Rebuilt when staff change an article or publish a home slide, and by the schedule when a slide's
 * window or a scheduled article starts or ends (POST /_internal/revalidate); this period is only a backstop.
 */
export const revalidate = 300;

export default async function HomePage({ params }: LocaleProps) {
  await pageLocale(params);
  const [slides, news] = await Promise.all([getHomeSlides(), getLatestNews()]);
  return (
    <PageMessages namespaces={['home']}>
      <HomeSections slides={slides} news={news} />
    </PageMessages>
  );
}
