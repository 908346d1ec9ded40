'use client';

import Image from 'next/image';
import { useTranslations } from 'next-intl';
import { CarouselDots } from './carousel-dots';
import { CAROUSEL_MS, characters } from './content';
import { SectionTitle } from './section-title';
import { useCarousel } from './use-carousel';

/** The 7 egg-smashing characters, centred, the current one raised. */
export function CharacterCarousel() {
  const t = useTranslations('home');
  const { ref, selected, snapCount, scrollTo } = useCarousel(
    { loop: true, align: 'center' },
    { autoplayMs: CAROUSEL_MS, initialSnaps: characters.length },
  );
  return (
    <section className="bg-starfield py-12" data-testid="home-characters">
      <SectionTitle title={t('charactersTitle')} text={t('charactersText')} light />
      <div ref={ref} className="mx-auto max-w-6xl overflow-hidden">
        <ul className="flex">
          {characters.map((character, index) => (
            <li
              key={character.image}
              className="min-w-0 flex-[0_0_60%] px-2 sm:flex-[0_0_40%] md:flex-[0_0_24%]"
              data-testid="character"
            >
              <figure
                className={`transition duration-500 ${index === selected ? 'scale-100 opacity-100' : 'scale-90 opacity-70'}`}
              >
                <Image
                  src={character.image}
                  alt={t(character.nameKey)}
                  width={400}
                  height={560}
                  quality={75}
                  sizes="(min-width: 768px) 270px, 60vw"
                  className="aspect-[5/7] h-auto w-full rounded-3xl ring-4 ring-gold/70"
                />
                <figcaption className="mt-3 text-center text-lg font-black text-white">
                  {t(character.nameKey)}
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
      <div className="mt-4">
        <CarouselDots
          count={snapCount}
          selected={selected}
          onSelect={scrollTo}
          label={(index) => t('goToSlide', { index })}
        />
      </div>
    </section>
  );
}
