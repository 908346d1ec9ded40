'use client';

import Image from 'next/image';
import { useTranslations } from 'next-intl';
import { Carousel } from './carousel';
import { CAROUSEL_MS, collection } from './content';
import { SectionTitle } from './section-title';

/** The first 7 items, 4 per view on wide screens: 4 positions, so 4 dots on desktop. */
export function CollectionCarousel() {
  const t = useTranslations('home');
  return (
    <section className="mx-auto max-w-6xl px-4 py-12 md:px-6" data-testid="home-collection">
      <SectionTitle title={t('collectionTitle')} text={t('collectionText')} />
      <Carousel
        items={collection}
        options={{ align: 'start', containScroll: 'trimSnaps' }}
        autoplayMs={CAROUSEL_MS}
        initialSnaps={4}
        firstView={2}
        trackClassName="-ml-3 flex"
        slideClassName="min-w-0 flex-[0_0_50%] pl-3 md:flex-[0_0_25%]"
        slideTestId="collection-item"
        dots={{ tone: 'dark', testId: 'collection-dots' }}
        renderSlide={(item) => (
          <figure className="rounded-3xl bg-white p-2 shadow-md ring-2 ring-gold/40">
            {/* The originals are 400 px wide: a 1x/2x srcset (no `sizes`) is all they need. */}
            <Image
              src={item.image}
              alt={t(item.nameKey)}
              width={400}
              height={400}
              quality={100}
              className="aspect-square h-auto w-full rounded-2xl"
            />
            <figcaption className="truncate py-2 text-center text-sm font-bold md:text-base">
              {t(item.nameKey)}
            </figcaption>
          </figure>
        )}
      />
    </section>
  );
}
