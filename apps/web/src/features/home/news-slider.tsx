'use client';

import Image from 'next/image';
import { useTranslations } from 'next-intl';
import { CarouselDots } from './carousel-dots';
import { NEWS_SLIDER_MS, newsSlides } from './content';
import { useCarousel } from './use-carousel';

/** Three images, 5 s each, with clickable dots. */
export function NewsSlider() {
  const t = useTranslations('home');
  const { ref, selected, snapCount, scrollTo } = useCarousel(
    { loop: true },
    { autoplayMs: NEWS_SLIDER_MS, initialSnaps: newsSlides.length },
  );
  return (
    <div data-testid="news-slider">
      <div ref={ref} className="overflow-hidden rounded-3xl ring-4 ring-gold/60">
        <div className="flex">
          {newsSlides.map((slide, index) => (
            <div
              key={slide.image}
              className="relative min-w-0 flex-[0_0_100%]"
              aria-hidden={index !== selected}
              data-testid="news-slide"
            >
              <Image
                src={slide.image}
                alt={t(slide.titleKey)}
                width={800}
                height={450}
                quality={75}
                sizes="(min-width: 768px) 560px, 92vw"
                className="aspect-video h-auto w-full"
              />
            </div>
          ))}
        </div>
      </div>
      <div className="mt-3">
        <CarouselDots
          count={snapCount}
          selected={selected}
          onSelect={scrollTo}
          label={(index) => t('goToSlide', { index })}
          tone="dark"
          testId="news-slider-dots"
        />
      </div>
    </div>
  );
}
