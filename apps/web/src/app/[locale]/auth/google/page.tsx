import { getTranslations } from 'next-intl/server';
import { PageShell } from '@/components/layout/page-shell';
import { GoogleCallback } from '@/features/social-auth/google-callback';

export async function generateMetadata() {
  return { title: (await getTranslations('social'))('callbackTitle'), robots: { index: false } };
}

export default async function Page() {
  const t = await getTranslations('social');
  return (
    <PageShell title={t('callbackTitle')}>
      <GoogleCallback />
    </PageShell>
  );
}
