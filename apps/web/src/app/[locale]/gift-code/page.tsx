import { MessagesPage, translatedTitle } from '@/components/layout/messages-page';
import { GiftCodePanel } from '@/features/gift-codes/gift-code-panel';
import { pageLocale, type LocaleProps } from '@/i18n/routing';

export const generateMetadata = translatedTitle('giftCode', 'pageTitle');

export default async function Page({ params }: LocaleProps) {
  await pageLocale(params);
  return (
    <MessagesPage namespace="giftCode" title="pageTitle" subtitle="pageSubtitle">
      <GiftCodePanel />
    </MessagesPage>
  );
}
