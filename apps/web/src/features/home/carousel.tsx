'use client';

import type { EmblaOptionsType } from 'embla-carousel';
import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { useCarousel } from './use-carousel';

export interface CarouselState {
  selected: number;
  scrollTo: (index: number) => void;
  next: () => void;
}

/**
 * The home page's one carousel: a clipping viewport, a flex track of slides, and below it the dots
 * and/or the caller's own controls (`controls`). The server renders the content of the first
 * `firstView` slides, those seen before the carousel moves; the others are filled in when it comes
 * near the screen and Embla starts (see useCarousel), which keeps the page's HTML small. Their slots
 * are there from the start, so nothing shifts.
 */
export function Carousel<T>({
  items,
  options,
  autoplayMs,
  initialSnaps = items.length,
  firstView = 1,
  className,
  testId,
  viewportClassName = 'overflow-hidden',
  trackClassName = 'flex',
  slideClassName,
  slideTestId,
  list = true,
  renderSlide,
  dots,
  controls,
}: {
  items: readonly T[];
  options: EmblaOptionsType;
  autoplayMs?: number;
  /** Dots rendered before Embla has measured the snaps (on the server and off screen). */
  initialSnaps?: number;
  /** How many slides a phone shows before the carousel moves (the rest come before they are seen). */
  firstView?: number;
  className?: string;
  testId?: string;
  viewportClassName?: string;
  trackClassName?: string;
  slideClassName: string;
  slideTestId?: string;
  /** A list of items (ul/li), or a plain strip of images (div). */
  list?: boolean;
  renderSlide: (item: T, index: number, selected: number) => ReactNode;
  /** The dots under the slides (`true` for the defaults), each labelled "go to slide N". */
  dots?: true | { tone?: 'light' | 'dark'; testId?: string; className?: string };
  controls?: (state: CarouselState) => ReactNode;
}) {
  const { ref, active, selected, snapCount, scrollTo, next } = useCarousel(options, { autoplayMs, initialSnaps });
  const dotOptions = dots === true ? {} : dots;
  const Track = list ? 'ul' : 'div';
  const Slide = list ? 'li' : 'div';
  return (
    <div className={className} data-testid={testId}>
      <div ref={ref} className={viewportClassName}>
        <Track className={trackClassName}>
          {items.map((item, index) => (
            <Slide key={index} className={slideClassName} data-testid={slideTestId}>
              {(active || index < firstView) && renderSlide(item, index, selected)}
            </Slide>
          ))}
        </Track>
      </div>
      {dotOptions && (
        <div className={dotOptions.className ?? 'mt-4'}>
          <CarouselDots
            count={snapCount}
            selected={selected}
            onSelect={scrollTo}
            tone={dotOptions.tone}
            testId={dotOptions.testId}
          />
        </div>
      )}
      {controls?.({ selected, scrollTo, next })}
    </div>
  );
}

/** Clickable dots, one per snap; the current one is marked for assistive technology. */
function CarouselDots({
  count,
  selected,
  onSelect,
  tone = 'light',
  testId,
}: {
  count: number;
  selected: number;
  onSelect: (index: number) => void;
  tone?: 'light' | 'dark';
  testId?: string;
}) {
  const t = useTranslations('home');
  // The dots' looks are classes of globals.css: a home page has two dozen dots.
  const idle = tone === 'light' ? 'dot-light' : 'dot-dark';
  return (
    <div className="flex h-6 items-center justify-center gap-2" data-testid={testId}>
      {Array.from({ length: count }, (_, index) => (
        <button
          key={index}
          type="button"
          aria-label={t('goToSlide', { index: index + 1 })}
          aria-current={index === selected ? 'true' : undefined}
          onClick={() => onSelect(index)}
          className={`dot ${index === selected ? 'dot-on' : idle}`}
        />
      ))}
    </div>
  );
}
