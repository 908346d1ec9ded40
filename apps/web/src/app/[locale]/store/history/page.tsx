import { getTranslations } from 'next-intl/server';
import { PageShell } from '@/components/layout/page-shell';
import { OrderHistory } from '@/features/store/order-history';
import { PageMessages } from '@/i18n/page-messages';
import { pageLocale, type LocaleProps } from '@/i18n/routing';

export const metadata = { title: 'Lịch sử giao dịch' };

export default async function Page({ params }: LocaleProps) {
  await pageLocale(params);
  const t = await getTranslations('store');
  return (
    <PageShell title={t('historyTitle')}>
      <PageMessages namespaces={['store']}>
        <OrderHistory />
      </PageMessages>
    </PageShell>
  );
}
