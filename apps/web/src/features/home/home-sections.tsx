import type { NewsSummary } from '@carabala/contracts';
import { BannerCarousel } from './banner-carousel';
import { shownSlide, type Slides } from './content';
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
      <BannerCarousel banners={slides.banner.map(shownSlide)} />
      <ShowcaseCarousel section="collection" slides={slides.collection.map(shownSlide)} />
      <ShowcaseCarousel section="character" slides={slides.character.map(shownSlide)} />
      <ShowcaseCarousel section="feature" slides={slides.feature.map(shownSlide)} />
      <Guides />
      <NewsSection slides={slides.news.map(shownSlide)} items={news} />
    </>
  );
}
