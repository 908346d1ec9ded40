import { MessagesPage } from '@/components/layout/messages-page';
import { OrderHistory } from '@/features/store/order-history';
import { pageLocale, type LocaleProps } from '@/i18n/routing';

export const metadata = { title: 'Lịch sử giao dịch' };

export default async function Page({ params }: LocaleProps) {
  await pageLocale(params);
  return (
    <MessagesPage namespace="store" title="historyTitle">
      <OrderHistory />
    </MessagesPage>
  );
}
