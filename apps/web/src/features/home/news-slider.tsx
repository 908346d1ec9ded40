'use client';

import Image from 'next/image';
import { Carousel } from './carousel';
import { NEWS_SLIDER_MS, type ShownSlide } from './content';
import { isUploaded } from '@/lib/uploaded-image';
import { SlideLink } from './slide-link';

/** The news slider's pictures staff published, 5 s each, with clickable dots. */
export function NewsSlider({ slides }: { slides: ShownSlide[] }) {
  if (slides.length === 0) return <div />;
  return (
    <div data-testid="news-slider">
      <Carousel
        items={slides}
        options={{ loop: true }}
        autoplayMs={NEWS_SLIDER_MS}
        list={false}
        viewportClassName="overflow-hidden rounded-3xl ring-4 ring-gold/60"
        slideClassName="relative min-w-0 flex-[0_0_100%]"
        slideTestId="news-slide"
        dots={{ tone: 'dark', testId: 'news-slider-dots', className: 'mt-3' }}
        renderSlide={(slide, index, selected) => (
          <SlideLink link={slide.link}>
            <Image
              src={slide.image}
              alt={slide.title}
              unoptimized={isUploaded(slide.image)}
              aria-hidden={index !== selected}
              width={800}
              height={450}
              quality={75}
              sizes="(min-width: 768px) 560px, 92vw"
              className="aspect-video h-auto w-full"
            />
          </SlideLink>
        )}
      />
    </div>
  );
}
