import { getTranslations } from 'next-intl/server';
import { MessagesPage, translatedTitle } from '@/components/layout/messages-page';
import { LoginGate } from '@/components/sign-in-slot';
import { OrderReceipt } from '@/features/store/order-receipt';
import { pageLocale } from '@/i18n/routing';

export const generateMetadata = translatedTitle('store', 'receiptTitle');

export default async function Page({ params }: { params: Promise<{ locale: string; code: string }> }) {
  await pageLocale(params);
  const [{ code }, t] = await Promise.all([params, getTranslations('store')]);
  return (
    <MessagesPage namespace="store" title="receiptTitle">
      <LoginGate text={t('receiptGate')}>
        <OrderReceipt code={decodeURIComponent(code)} />
      </LoginGate>
    </MessagesPage>
  );
}
