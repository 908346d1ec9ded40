'use client';

import Image from 'next/image';
import { useTranslations } from 'next-intl';
import { Carousel } from './carousel';
import { CAROUSEL_MS, characters } from './content';
import { SectionTitle } from './section-title';

/** The 7 egg-smashing characters, centred, the current one raised. */
export function CharacterCarousel() {
  const t = useTranslations('home');
  return (
    <section className="bg-starfield py-12" data-testid="home-characters">
      <SectionTitle title={t('charactersTitle')} text={t('charactersText')} light />
      <Carousel
        items={characters}
        options={{ loop: true, align: 'center' }}
        autoplayMs={CAROUSEL_MS}
        viewportClassName="mx-auto max-w-6xl overflow-hidden"
        slideClassName="min-w-0 flex-[0_0_60%] px-2 sm:flex-[0_0_40%] md:flex-[0_0_24%]"
        slideTestId="character"
        dots
        renderSlide={(character, index, selected) => (
          <figure
            className={`transition duration-500 ${index === selected ? 'scale-100 opacity-100' : 'scale-90 opacity-70'}`}
          >
            {/* The originals are 400 px wide: a 1x/2x srcset (no `sizes`) is all they need. */}
            <Image
              src={character.image}
              alt={t(character.nameKey)}
              width={400}
              height={560}
              quality={75}
              className="aspect-[5/7] h-auto w-full rounded-3xl ring-4 ring-gold/70"
            />
            <figcaption className="mt-3 text-center text-lg font-black text-white">{t(character.nameKey)}</figcaption>
          </figure>
        )}
      />
    </section>
  );
}
