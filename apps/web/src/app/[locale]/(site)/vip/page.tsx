import { messagesPage, translatedTitle } from '@/components/layout/messages-page';
import { VipPage } from '@/features/vip/vip-page';

export const generateMetadata = translatedTitle('vip', 'pageTitle');

export default messagesPage('vip', 'pageTitle', VipPage, 'pageSubtitle');
