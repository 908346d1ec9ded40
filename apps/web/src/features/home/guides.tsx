import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { ExternalLink } from '@/components/external-link';
import { buttonClass } from '@/components/ui/button';
import { publicConfig } from '@/config';
import { DownloadButton } from './download-button';

/** The guides' links and the download button (rendered on the server for the home page, in the browser for the console's preview). */
export function Guides() {
  const t = useTranslations('homeSections');
  return (
    <section className="bg-gradient-to-b from-royal to-ink-soft py-12 text-white" data-testid="home-guides">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 md:grid-cols-2 md:px-6">
        <div className="text-center md:text-left">
          <h2 className="text-2xl font-black text-gold uppercase">{t('guidesTitle')}</h2>
          <nav className="mt-4 flex flex-wrap justify-center gap-3 md:justify-start" aria-label={t('guidesTitle')}>
            <ExternalLink href={publicConfig.guideUrl} className={buttonClass('primary')}>
              {t('guideSite')}
            </ExternalLink>
            <Link href="/supports" className={buttonClass('outline')}>
              {t('guideSupport')}
            </Link>
            <Link href="/privacy" className={buttonClass('outline')}>
              {t('guidePrivacy')}
            </Link>
          </nav>
        </div>
        <div className="text-center md:text-right" data-testid="home-download">
          <h2 className="text-2xl font-black text-gold uppercase">{t('downloadTitle')}</h2>
          <p className="mt-1 text-white/80">{t('downloadText')}</p>
          <div className="mt-4">
            <DownloadButton />
          </div>
        </div>
      </div>
    </section>
  );
}
