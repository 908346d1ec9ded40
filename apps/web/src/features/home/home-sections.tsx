import type { NewsSummary } from '@carabala/contracts';
import { BannerCarousel } from './banner-carousel';
import type { Slides } from './content';
import { Guides } from './guides';
import { NewsSection } from './news-section';
import { ShowcaseCarousel } from './showcase-carousel';

/**
 * The home page's sections in order, from its carousels' slides and its news list: the home page
 * renders them on the server, the console's preview in the browser (messages of `home`).
 */
export function HomeSections({ slides, news }: { slides: Slides; news: NewsSummary[] }) {
  return (
    <>
      <BannerCarousel banners={slides.banner} />
      <ShowcaseCarousel section="collection" slides={slides.collection} />
      <ShowcaseCarousel section="character" slides={slides.character} />
      <ShowcaseCarousel section="feature" slides={slides.feature} />
      <Guides />
      <NewsSection slides={slides.news} items={news} />
    </>
  );
}
