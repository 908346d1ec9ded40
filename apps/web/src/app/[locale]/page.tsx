import { BannerCarousel } from '@/features/home/banner-carousel';
import { CharacterCarousel } from '@/features/home/character-carousel';
import { CollectionCarousel } from '@/features/home/collection-carousel';
import { FeatureCarousel } from '@/features/home/feature-carousel';
import { Guides } from '@/features/home/guides';
import { NewsSection } from '@/features/home/news-section';

export const revalidate = 60;

export default function HomePage() {
  return (
    <>
      <BannerCarousel />
      <CollectionCarousel />
      <CharacterCarousel />
      <FeatureCarousel />
      <Guides />
      <NewsSection />
    </>
  );
}
