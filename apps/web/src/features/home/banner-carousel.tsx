'use client';

import Image from 'next/image';
import { useTranslations } from 'next-intl';
import { useEffect, useRef } from 'react';
import { publicConfig } from '@/config';
import { Carousel } from './carousel';
import { BANNER_MS, CAROUSEL_MS, type ShownSlide } from './content';
import { isUploaded } from '@/lib/uploaded-image';
import { SlideLink } from './slide-link';

/**
 * Fills over `duration` ms, then calls `onDone`: the bar's end moves the carousel on, so they never drift.
 * It animates the CSS `scale` property, the one Tailwind's `scale-x-0` sets (animating `transform`
 * would leave `scale: 0 1` applied on top and the bar invisible).
 */
function ProgressBar({ duration, onDone }: { duration: number; onDone: () => void }) {
  const bar = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    const animation = bar.current?.animate([{ scale: '0 1' }, { scale: '1 1' }], {
      duration,
      easing: 'linear',
      fill: 'forwards',
    });
    if (!animation) return;
    animation.onfinish = onDone;
    return () => animation.cancel();
  }, [duration, onDone]);
  return (
    <span
      ref={bar}
      data-testid="banner-progress"
      data-duration={duration}
      className="block h-full w-full origin-left scale-x-0 rounded-full bg-royal"
    />
  );
}

/** Desktop: a 600 px image with a side list whose progress bar advances every 10 s. */
function DesktopBanners({ banners }: { banners: ShownSlide[] }) {
  const t = useTranslations('home');
  return (
    <Carousel
      items={banners}
      options={{ loop: true }}
      list={false}
      className="mx-auto hidden max-w-7xl grid-cols-[minmax(0,1fr)_18rem] gap-5 px-6 py-8 md:grid"
      viewportClassName="h-[600px] overflow-hidden rounded-3xl ring-4 ring-gold/70"
      trackClassName="flex h-full"
      slideClassName="relative h-full min-w-0 flex-[0_0_100%]"
      renderSlide={(banner) => (
        <SlideLink link={banner.link} className="h-full">
          <Image
            src={banner.image}
            alt={banner.title}
            fill
            quality={75}
            sizes="(min-width: 1280px) 920px, 70vw"
            unoptimized={isUploaded(banner.image)}
            className="object-cover"
          />
        </SlideLink>
      )}
      controls={({ selected, scrollTo, next }) => (
        <ol className="flex flex-col gap-3" aria-label={t('bannersLabel')}>
          {banners.map((banner, index) => (
            <li key={index} className="flex-1">
              <button
                type="button"
                onClick={() => scrollTo(index)}
                aria-current={index === selected ? 'true' : undefined}
                className={`flex h-full w-full flex-col justify-center gap-3 overflow-hidden rounded-2xl px-4 text-left font-bold transition ${
                  index === selected ? 'bg-gold text-ink shadow-lg' : 'bg-white/10 text-white hover:bg-white/20'
                }`}
              >
                <span className="text-lg leading-tight">{banner.title}</span>
                <span className="block h-1.5 w-full overflow-hidden rounded-full bg-ink/20">
                  {index === selected && <ProgressBar key={selected} duration={BANNER_MS} onDone={next} />}
                </span>
              </button>
            </li>
          ))}
        </ol>
      )}
      testId="banner-desktop"
    />
  );
}

/** Mobile: a 400 px high strip to swipe through. */
function MobileBanners({ banners }: { banners: ShownSlide[] }) {
  return (
    <Carousel
      items={banners}
      options={{ loop: true, align: 'center' }}
      autoplayMs={CAROUSEL_MS}
      list={false}
      className="py-5 md:hidden"
      slideClassName="min-w-0 flex-[0_0_86%] px-1.5"
      dots={{ className: 'mt-3' }}
      renderSlide={(banner, index) => (
        <SlideLink link={banner.link}>
          <div className="relative h-[400px] overflow-hidden rounded-3xl ring-4 ring-gold/70">
            <Image
              src={banner.mobileImage ?? banner.image}
              alt={banner.title}
              unoptimized={isUploaded(banner.mobileImage ?? banner.image)}
              fill
              quality={75}
              sizes="86vw"
              preload={index === 0}
              fetchPriority={index === 0 ? 'high' : undefined}
              loading={index === 0 ? 'eager' : undefined}
              className="object-cover"
            />
            <p className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-ink/90 to-transparent px-4 pt-10 pb-4 text-lg font-black text-white">
              {banner.title}
            </p>
          </div>
        </SlideLink>
      )}
      testId="banner-mobile"
    />
  );
}

export function BannerCarousel({ banners }: { banners: ShownSlide[] }) {
  const t = useTranslations('home');
  return (
    <section className="bg-starfield" data-testid="home-banners">
      {/* The page's title for screen readers and outlines; the banners are its visible top. */}
      <h1 className="sr-only">{t('pageTitle', { brand: publicConfig.brand })}</h1>
      {banners.length > 0 && (
        <>
          <DesktopBanners banners={banners} />
          <MobileBanners banners={banners} />
        </>
      )}
    </section>
  );
}
