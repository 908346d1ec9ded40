import { messagesPage, translatedTitle } from '@/components/layout/messages-page';
import { VerifyEmail } from '@/features/accounts/verify-email';

// The verification e-mail's link lands here: /xac-minh-email#<token> (never indexed, never cached: a per-visitor form).
export const generateMetadata = translatedTitle('accounts', 'verifyTitle', { robots: { index: false } });

export default messagesPage('accounts', 'verifyTitle', VerifyEmail);
