/** The home page's fixed marketing content: images under public/home and their message keys. */
export const banners = [1, 2, 3, 4].map((n) => ({
  backgroundUrl: `/home/banners/banner-${n}.webp`,
  titleKey: `banner${n}`,
}));

const collectionItems = [1, 2, 3, 4, 5, 6, 7].map((n) => ({
  image: `/home/collection/item-${n}.webp`,
  nameKey: `collection${n}`,
}));
/** The collection carousel shows the first 7 items. */
export const COLLECTION_COUNT = 7;
export const collection = collectionItems.slice(0, COLLECTION_COUNT);

export const characters = [1, 2, 3, 4, 5, 6, 7].map((n) => ({
  image: `/home/characters/character-${n}.webp`,
  nameKey: `character${n}`,
}));

export const features = [1, 2, 3, 4].map((n) => ({
  image: `/home/features/feature-${n}.webp`,
  titleKey: `feature${n}`,
}));

export const newsSlides = [1, 2, 3].map((n) => ({ image: `/news/slider-${n}.webp`, titleKey: `slider${n}` }));

/** Milliseconds per slide: banners 10 s, news slider 5 s, every other carousel 3 s. */
export const BANNER_MS = 10_000;
export const NEWS_SLIDER_MS = 5_000;
export const CAROUSEL_MS = 3_000;
