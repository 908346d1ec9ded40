import { getTranslations } from 'next-intl/server';
import { PageShell } from '@/components/layout/page-shell';
import { GiftCodePanel } from '@/features/gift-code/gift-code-panel';
import { PageMessages } from '@/i18n/page-messages';
import { pageLocale, type LocaleProps } from '@/i18n/routing';

export async function generateMetadata({ params }: LocaleProps) {
  await pageLocale(params);
  const t = await getTranslations('giftCode');
  return { title: t('pageTitle') };
}

export default async function Page({ params }: LocaleProps) {
  await pageLocale(params);
  const t = await getTranslations('giftCode');
  return (
    <PageShell title={t('pageTitle')} subtitle={t('pageSubtitle')}>
      <PageMessages namespaces={['giftCode']}>
        <GiftCodePanel />
      </PageMessages>
    </PageShell>
  );
}
