import { messagesPage, translatedTitle } from '@/components/layout/messages-page';
import { GoogleCallback } from '@/features/auth/google-callback';

export const generateMetadata = translatedTitle('googleCallback', 'callbackTitle', { robots: { index: false } });

export default messagesPage('googleCallback', 'callbackTitle', GoogleCallback);
