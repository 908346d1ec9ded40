import { getTranslations } from 'next-intl/server';
import { PageShell } from '@/components/layout/page-shell';
import { GoogleCallback } from '@/features/social-auth/google-callback';
import { PageMessages } from '@/i18n/page-messages';
import { pageLocale, type LocaleProps } from '@/i18n/routing';

export async function generateMetadata({ params }: LocaleProps) {
  await pageLocale(params);
  return { title: (await getTranslations('googleCallback'))('callbackTitle'), robots: { index: false } };
}

export default async function Page({ params }: LocaleProps) {
  await pageLocale(params);
  const t = await getTranslations('googleCallback');
  return (
    <PageShell title={t('callbackTitle')}>
      <PageMessages namespaces={['googleCallback']}>
        <GoogleCallback />
      </PageMessages>
    </PageShell>
  );
}
