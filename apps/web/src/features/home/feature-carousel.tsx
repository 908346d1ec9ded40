'use client';

import Image from 'next/image';
import { useTranslations } from 'next-intl';
import { Carousel } from './carousel';
import { CAROUSEL_MS, features } from './content';
import { SectionTitle } from './section-title';

export function FeatureCarousel() {
  const t = useTranslations('home');
  return (
    <section className="mx-auto max-w-6xl px-4 py-12 md:px-6" data-testid="home-features">
      <SectionTitle title={t('featuresTitle')} />
      <Carousel
        items={features}
        options={{ align: 'start', containScroll: 'trimSnaps' }}
        autoplayMs={CAROUSEL_MS}
        initialSnaps={3}
        trackClassName="-ml-4 flex"
        slideClassName="min-w-0 flex-[0_0_100%] pl-4 md:flex-[0_0_50%]"
        slideTestId="feature"
        dots={{ tone: 'dark' }}
        renderSlide={(feature) => (
          <figure className="relative overflow-hidden rounded-3xl ring-4 ring-royal/30">
            <Image
              src={feature.image}
              alt={t(feature.titleKey)}
              width={960}
              height={540}
              quality={75}
              sizes="(min-width: 768px) 540px, 92vw"
              className="aspect-video h-auto w-full"
            />
            <figcaption className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-ink/90 to-transparent px-5 pt-10 pb-4 text-xl font-black text-white">
              {t(feature.titleKey)}
            </figcaption>
          </figure>
        )}
      />
    </section>
  );
}
