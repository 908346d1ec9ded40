import { getTranslations } from 'next-intl/server';
import { PageShell } from '@/components/layout/page-shell';
import { GiftCodePanel } from '@/features/gift-code/gift-code-panel';

export async function generateMetadata() {
  const t = await getTranslations('giftCode');
  return { title: t('pageTitle') };
}

export default async function Page() {
  const t = await getTranslations('giftCode');
  return (
    <PageShell title={t('pageTitle')} subtitle={t('pageSubtitle')}>
      <GiftCodePanel />
    </PageShell>
  );
}
