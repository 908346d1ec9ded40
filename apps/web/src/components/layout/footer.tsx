import Image from 'next/image';
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { publicConfig, serverConfig } from '@/config';
import { ExternalLink } from '../external-link';
import { LOCALE_COOKIE, LOCALES } from '../../../locales.mjs';
import { LocaleSwitcher } from './locale-switcher';

export async function Footer() {
  const [t, tc] = await Promise.all([getTranslations('footer'), getTranslations('common')]);
  const brand = publicConfig.brand;
  const { PUBLISHER_NAME, PUBLISHER_ADDRESS, PUBLISHER_LICENCE, AGE_RATING } = serverConfig();
  // A line whose setting is left out is not shown (README, configuration).
  const publisherLines = [
    PUBLISHER_NAME && t('publisher', { name: PUBLISHER_NAME }),
    PUBLISHER_ADDRESS && t('address', { address: PUBLISHER_ADDRESS }),
    PUBLISHER_LICENCE && t('licence', { licence: PUBLISHER_LICENCE }),
  ].filter((line): line is string => Boolean(line));
  /** Each network's icon; those with a page here link to it. */
  const networks = [
    { icon: 'facebook', label: t('fanpage', { brand }), href: publicConfig.supportUrl },
    { icon: 'youtube', label: t('youtube', { brand }) },
    { icon: 'tiktok', label: t('tiktok', { brand }) },
    { icon: 'group', label: t('group', { brand }), href: publicConfig.communityUrl },
  ];

  return (
    <footer className="bg-starfield mt-16 border-t-2 border-gold/60 text-white">
      <div className="mx-auto flex max-w-7xl flex-col items-center gap-6 px-6 py-10 md:flex-row md:justify-between">
        <div className="flex flex-col items-center gap-2 md:items-start">
          <Link href="/" aria-label={tc('home')}>
            <Image src="/brand/logo.svg" alt={brand} width={150} height={44} />
          </Link>
          <p className="max-w-xs text-center text-sm text-white/70 md:text-left">{t('footerTagline')}</p>
        </div>
        <ul className="flex items-center gap-3" aria-label={tc('socialLinks')}>
          {networks.map(({ icon, label, href }) => {
            const image = <Image src={`/brand/social-${icon}.svg`} alt={label} width={44} height={44} />;
            return (
              <li key={icon}>
                {href ? (
                  <ExternalLink href={href} aria-label={label}>
                    {image}
                  </ExternalLink>
                ) : (
                  image
                )}
              </li>
            );
          })}
        </ul>
        <div className="flex flex-col items-center gap-3 md:items-end">
          <LocaleSwitcher languages={LOCALES.map(({ code, name }) => ({ code, name }))} cookie={LOCALE_COOKIE} />
          <p className="text-sm text-white/60">{t('copyright', { brand })}</p>
        </div>
      </div>
      <div className="border-t border-white/10" data-testid="footer-publisher">
        <div className="mx-auto flex max-w-7xl flex-col items-center gap-4 px-6 py-6 text-center text-xs text-white/70 md:flex-row md:items-start md:text-left">
          {AGE_RATING && (
            <span
              aria-label={t('ageRatingLabel', { rating: AGE_RATING })}
              className="grid size-14 shrink-0 place-items-center rounded-lg border-2 border-gold text-lg font-black text-gold"
              data-testid="footer-age-rating"
            >
              {AGE_RATING}
            </span>
          )}
          <div className="flex flex-col gap-1">
            {publisherLines.map((line) => (
              <p key={line}>{line}</p>
            ))}
            <p className="font-semibold text-gold" data-testid="footer-play-time">
              {t('playTimeWarning')}
            </p>
          </div>
        </div>
      </div>
    </footer>
  );
}
