import { messagesPage, translatedTitle } from '@/components/layout/messages-page';
import { GiftCodePanel } from '@/features/gift-codes/gift-code-panel';

export const generateMetadata = translatedTitle('giftCode', 'pageTitle');

export default messagesPage('giftCode', 'pageTitle', GiftCodePanel, 'pageSubtitle');
