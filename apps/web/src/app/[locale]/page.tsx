import { BannerCarousel } from '@/features/home/banner-carousel';
import { CharacterCarousel } from '@/features/home/character-carousel';
import { CollectionCarousel } from '@/features/home/collection-carousel';
import { FeatureCarousel } from '@/features/home/feature-carousel';
import { Guides } from '@/features/home/guides';
import { NewsSection } from '@/features/home/news-section';
import { PageMessages } from '@/i18n/page-messages';
import { pageLocale, type LocaleProps } from '@/i18n/routing';

/** Rebuilt when staff change an article (POST /_internal/revalidate); this period is only a backstop. */
export const revalidate = 300;

export default async function HomePage({ params }: LocaleProps) {
  await pageLocale(params);
  return (
    <>
      <PageMessages namespaces={['home']}>
        <BannerCarousel />
        <CollectionCarousel />
        <CharacterCarousel />
        <FeatureCarousel />
        <Guides />
        <NewsSection />
      </PageMessages>
    </>
  );
}
