import type { HomeContent } from '@carabala/contracts';

/** Milliseconds per slide: banners 10 s, news slider 5 s, every other carousel 3 s. */
export const BANNER_MS = 10_000;
export const NEWS_SLIDER_MS = 5_000;
export const CAROUSEL_MS = 3_000;

export type Slides = HomeContent['sections'];
