import { BannerCarousel } from '@/features/home/banner-carousel';
import { getHomeSlides } from '@/features/home/home-slides';
import { Guides } from '@/features/home/guides';
import { NewsSection } from '@/features/home/news-section';
import { ShowcaseCarousel } from '@/features/home/showcase-carousel';
import { PageMessages } from '@/i18n/page-messages';
import { pageLocale, type LocaleProps } from '@/i18n/routing';

/**
 * Rebuilt when staff change an article or publish a home slide, and by the schedule when a slide's
 * window or a scheduled article starts or ends (POST /_internal/revalidate); this period is only a backstop.
 */
export const revalidate = 300;

export default async function HomePage({ params }: LocaleProps) {
  await pageLocale(params);
  const slides = await getHomeSlides();
  return (
    <>
      <PageMessages namespaces={['home']}>
        <BannerCarousel banners={slides.banner} />
        <ShowcaseCarousel section="collection" slides={slides.collection} />
        <ShowcaseCarousel section="character" slides={slides.character} />
        <ShowcaseCarousel section="feature" slides={slides.feature} />
        <Guides />
        <NewsSection slides={slides.news} />
      </PageMessages>
    </>
  );
}
