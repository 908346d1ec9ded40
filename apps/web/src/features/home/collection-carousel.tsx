'use client';

import Image from 'next/image';
import { useTranslations } from 'next-intl';
import { CarouselDots } from './carousel-dots';
import { CAROUSEL_MS, collection } from './content';
import { SectionTitle } from './section-title';
import { useCarousel } from './use-carousel';

/** The first 7 items, 4 per view on wide screens: 4 positions, so 4 dots on desktop. */
export function CollectionCarousel() {
  const t = useTranslations('home');
  const { ref, selected, snapCount, scrollTo } = useCarousel(
    { align: 'start', containScroll: 'trimSnaps' },
    { autoplayMs: CAROUSEL_MS, initialSnaps: 4 },
  );
  return (
    <section className="mx-auto max-w-6xl px-4 py-12 md:px-6" data-testid="home-collection">
      <SectionTitle title={t('collectionTitle')} text={t('collectionText')} />
      <div ref={ref} className="overflow-hidden">
        <ul className="-ml-3 flex">
          {collection.map((item) => (
            <li
              key={item.image}
              className="min-w-0 flex-[0_0_50%] pl-3 md:flex-[0_0_25%]"
              data-testid="collection-item"
            >
              <figure className="rounded-3xl bg-white p-2 shadow-md ring-2 ring-gold/40">
                <Image
                  src={item.image}
                  alt={t(item.nameKey)}
                  width={400}
                  height={400}
                  quality={100}
                  sizes="(min-width: 768px) 270px, 45vw"
                  className="aspect-square h-auto w-full rounded-2xl"
                />
                <figcaption className="truncate py-2 text-center text-sm font-bold md:text-base">
                  {t(item.nameKey)}
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
      <div className="mt-4">
        <CarouselDots
          count={snapCount}
          selected={selected}
          onSelect={scrollTo}
          label={(index) => t('goToSlide', { index })}
          tone="dark"
          testId="collection-dots"
        />
      </div>
    </section>
  );
}
