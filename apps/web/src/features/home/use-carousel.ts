'use client';

import type { EmblaOptionsType } from 'embla-carousel';
import useEmblaCarousel from 'embla-carousel-react';
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';

/**
 * An Embla carousel with its selected snap and snap count read as external state, and an optional
 * autoplay that waits `autoplayMs` on each slide (a manual move restarts the wait). It starts only
 * when its viewport comes near the screen: carousels below the fold, or hidden at this width, cost
 * nothing while the page loads.
 */
export function useCarousel(
  options: EmblaOptionsType,
  { autoplayMs, initialSnaps = 1 } = {} as { autoplayMs?: number; initialSnaps?: number },
) {
  const [nearScreen, setNearScreen] = useState(false);
  const [emblaRef, api] = useEmblaCarousel({ ...options, active: nearScreen });
  const [node, setNode] = useState<HTMLElement | null>(null);
  const ref = useCallback(
    (element: HTMLElement | null) => {
      emblaRef(element);
      setNode(element);
    },
    [emblaRef],
  );

  useEffect(() => {
    if (!node || nearScreen) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNearScreen(true);
      },
      { rootMargin: '200px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [node, nearScreen]);

  const subscribe = useCallback(
    (notify: () => void) => {
      if (!api) return () => undefined;
      api.on('select', notify).on('reInit', notify);
      return () => {
        api.off('select', notify).off('reInit', notify);
      };
    },
    [api],
  );
  const selected = useSyncExternalStore(
    subscribe,
    () => api?.selectedScrollSnap() ?? 0,
    () => 0,
  );
  const snapCount = useSyncExternalStore(
    subscribe,
    () => api?.scrollSnapList().length ?? initialSnaps,
    () => initialSnaps,
  );

  const next = useCallback(() => {
    if (!api) return;
    if (api.canScrollNext()) api.scrollNext();
    else api.scrollTo(0);
  }, [api]);

  useEffect(() => {
    if (!autoplayMs || !nearScreen) return;
    const timer = setTimeout(next, autoplayMs);
    return () => clearTimeout(timer);
  }, [autoplayMs, nearScreen, next, selected]);

  const scrollTo = useCallback((index: number) => api?.scrollTo(index), [api]);
  return { ref, api, active: nearScreen, selected, snapCount, scrollTo, next };
}
