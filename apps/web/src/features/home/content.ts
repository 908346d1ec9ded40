import type { HomeContent, HomeSlide } from '@carabala/contracts';

/** Milliseconds per slide: banners 10 s, news slider 5 s, every other carousel 3 s. */
export const BANNER_MS = 10_000;
export const NEWS_SLIDER_MS = 5_000;
export const CAROUSEL_MS = 3_000;

export type Slides = HomeContent['sections'];

/**
 * A slide as the home page's carousels show it: only what they draw. The carousels are client
 * components, so their props travel in every home page's HTML (the RSC payload) too; ids and empty
 * fields are left out (decision record 052).
 */
export type ShownSlide = { title: string; image: string; mobileImage?: string; link?: string };

export const shownSlide = ({ title, image, mobileImage, link }: HomeSlide): ShownSlide => ({
  title,
  image,
  ...(mobileImage ? { mobileImage } : {}),
  ...(link ? { link } : {}),
});
