'use client';

import Image from 'next/image';
import { useTranslations } from 'next-intl';
import { Carousel } from './carousel';
import { CAROUSEL_MS, type ShownSlide } from './content';
import { SectionTitle } from './section-title';
import { SlideLink } from './slide-link';

type Showcase = 'collection' | 'character' | 'feature';

/**
 * Each showcase's look: its section's frame, the carousel's layout (how many slides a wide screen shows,
 * `perView`), and the picture's frame, size and caption. The originals of the collection and the
 * characters are 400 px wide: a 1x/2x srcset (no `sizes`) is all they need.
 */
const looks = {
  collection: {
    sectionClassName: 'mx-auto max-w-6xl px-4 py-12 md:px-6',
    testId: 'home-collection',
    light: false,
    titleKey: 'collectionTitle',
    textKey: 'collectionText',
    perView: 4,
    carousel: {
      options: { align: 'start', containScroll: 'trimSnaps' },
      firstView: 2,
      trackClassName: '-ml-3 flex',
      slideClassName: 'min-w-0 flex-[0_0_50%] pl-3 md:flex-[0_0_25%]',
      slideTestId: 'collection-item',
      dots: { tone: 'dark', testId: 'collection-dots' },
    },
    figureClassName: () => 'rounded-3xl bg-white p-2 shadow-md ring-2 ring-gold/40',
    image: { width: 400, height: 400, className: 'aspect-square h-auto w-full rounded-2xl' },
    captionClassName: 'truncate py-2 text-center text-sm font-bold md:text-base',
  },
  character: {
    sectionClassName: 'bg-starfield py-12',
    testId: 'home-characters',
    light: true,
    titleKey: 'charactersTitle',
    textKey: 'charactersText',
    perView: null,
    carousel: {
      options: { loop: true, align: 'center' },
      viewportClassName: 'mx-auto max-w-6xl overflow-hidden',
      slideClassName: 'min-w-0 flex-[0_0_60%] px-2 sm:flex-[0_0_40%] md:flex-[0_0_24%]',
      slideTestId: 'character',
      dots: true,
    },
    figureClassName: (current: boolean) =>
      `transition duration-500 ${current ? 'scale-100 opacity-100' : 'scale-90 opacity-70'}`,
    image: {
      width: 400,
      height: 560,
      className: 'aspect-[5/7] h-auto w-full rounded-3xl ring-4 ring-gold/70',
    },
    captionClassName: 'mt-3 text-center text-lg font-black text-white',
  },
  feature: {
    sectionClassName: 'mx-auto max-w-6xl px-4 py-12 md:px-6',
    testId: 'home-features',
    light: false,
    titleKey: 'featuresTitle',
    textKey: null,
    perView: 2,
    carousel: {
      options: { align: 'start', containScroll: 'trimSnaps' },
      trackClassName: '-ml-4 flex',
      slideClassName: 'min-w-0 flex-[0_0_100%] pl-4 md:flex-[0_0_50%]',
      slideTestId: 'feature',
      dots: { tone: 'dark' },
    },
    figureClassName: () => 'relative overflow-hidden rounded-3xl ring-4 ring-royal/30',
    image: {
      width: 960,
      height: 540,
      className: 'aspect-video h-auto w-full',
    },
    captionClassName:
      'absolute inset-x-0 bottom-0 bg-gradient-to-t from-ink/90 to-transparent px-5 pt-10 pb-4 text-xl font-black text-white',
  },
} as const;

/** The collection, the characters and the features: one carousel of staff's slides, each with its section's look. */
export function ShowcaseCarousel({ section, slides }: { section: Showcase; slides: ShownSlide[] }) {
  const t = useTranslations('home');
  const look = looks[section];
  const { perView } = look;
  if (slides.length === 0) return null;
  return (
    <section className={look.sectionClassName} data-testid={look.testId}>
      <SectionTitle title={t(look.titleKey)} text={look.textKey ? t(look.textKey) : undefined} light={look.light} />
      <Carousel
        {...look.carousel}
        items={slides}
        autoplayMs={CAROUSEL_MS}
        initialSnaps={perView !== null ? Math.max(1, slides.length - perView + 1) : slides.length}
        renderSlide={(slide, index, selected) => (
          <SlideLink link={slide.link}>
            <figure className={look.figureClassName(index === selected)}>
              {/* Drawn at the size shown (400 px wide, 960 for a feature): served as they are, with a short <img> in the HTML. */}
              <Image src={slide.image} alt={slide.title} unoptimized {...look.image} />
              <figcaption className={look.captionClassName}>{slide.title}</figcaption>
            </figure>
          </SlideLink>
        )}
      />
    </section>
  );
}
