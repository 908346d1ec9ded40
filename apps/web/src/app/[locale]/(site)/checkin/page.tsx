import { messagesPage, translatedTitle } from '@/components/layout/messages-page';
import { CheckinPage } from '@/features/checkin/checkin-page';

export const generateMetadata = translatedTitle('checkin', 'pageTitle');

export default messagesPage('checkin', 'pageTitle', CheckinPage, 'pageSubtitle');
