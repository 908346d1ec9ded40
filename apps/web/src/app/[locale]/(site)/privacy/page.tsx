import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { translatedTitle } from '@/components/layout/messages-page';
import { PageShell } from '@/components/layout/page-shell';
import { publicConfig } from '@/config';
import { pageLocale, type LocaleProps } from '@/i18n/routing';

const sections = ['s1', 's2', 's3', 's4', 's5', 's6'] as const;

export const generateMetadata = translatedTitle('privacy', 'title');

export default async function PrivacyPage({ params }: LocaleProps) {
  await pageLocale(params);
  const t = await getTranslations('privacy');
  const brand = publicConfig.brand;
  return (
    <PageShell title={t('title')} subtitle={t('subtitle', { brand })}>
      <div className="mx-auto max-w-3xl space-y-6 rounded-3xl bg-white p-6 shadow-md ring-2 ring-gold/30 md:p-10">
        {sections.map((section) => (
          <section key={section}>
            <h2 className="text-xl font-black text-royal">{t(`${section}Title`)}</h2>
            <p className="mt-2 leading-relaxed text-ink/80">{t(`${section}Body`, { brand })}</p>
          </section>
        ))}
        <p className="text-ink/80">
          {t.rich('contact', {
            link: (chunks) => (
              <Link href="/supports" className="font-bold text-royal underline">
                {chunks}
              </Link>
            ),
          })}
        </p>
      </div>
    </PageShell>
  );
}
