import { messagesPage, translatedTitle } from '@/components/layout/messages-page';
import { PhoneVerification } from '@/features/phone/phone-verification';

export const generateMetadata = translatedTitle('phone', 'pageTitle');

export default messagesPage('phone', 'pageTitle', PhoneVerification, 'pageSubtitle');
