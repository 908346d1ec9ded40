'use client';

import Image from 'next/image';
import { useTranslations } from 'next-intl';
import { Carousel } from './carousel';
import { NEWS_SLIDER_MS, newsSlides } from './content';

/** Three images, 5 s each, with clickable dots. */
export function NewsSlider() {
  const t = useTranslations('home');
  return (
    <div data-testid="news-slider">
      <Carousel
        items={newsSlides}
        options={{ loop: true }}
        autoplayMs={NEWS_SLIDER_MS}
        list={false}
        viewportClassName="overflow-hidden rounded-3xl ring-4 ring-gold/60"
        slideClassName="relative min-w-0 flex-[0_0_100%]"
        slideTestId="news-slide"
        dots={{ tone: 'dark', testId: 'news-slider-dots', className: 'mt-3' }}
        renderSlide={(slide, index, selected) => (
          <Image
            src={slide.image}
            alt={t(slide.titleKey)}
            aria-hidden={index !== selected}
            width={800}
            height={450}
            quality={75}
            sizes="(min-width: 768px) 560px, 92vw"
            className="aspect-video h-auto w-full"
          />
        )}
      />
    </div>
  );
}
