import { getTranslations } from 'next-intl/server';
import { PageShell } from '@/components/layout/page-shell';
import { GoogleCallback } from '@/features/social-auth/google-callback';
import { pageLocale, type LocaleProps } from '@/i18n/routing';

export async function generateMetadata({ params }: LocaleProps) {
  await pageLocale(params);
  return { title: (await getTranslations('social'))('callbackTitle'), robots: { index: false } };
}

export default async function Page({ params }: LocaleProps) {
  await pageLocale(params);
  const t = await getTranslations('social');
  return (
    <PageShell title={t('callbackTitle')}>
      <GoogleCallback />
    </PageShell>
  );
}
