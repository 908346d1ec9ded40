import { getTranslations } from 'next-intl/server';
import { PageShell } from '@/components/layout/page-shell';
import { OrderHistory } from '@/features/store/order-history';

export const metadata = { title: 'Lịch sử giao dịch' };

export default async function Page() {
  const t = await getTranslations('store');
  return (
    <PageShell title={t('historyTitle')}>
      <OrderHistory />
    </PageShell>
  );
}
