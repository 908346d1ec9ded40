import { messagesPage, translatedTitle } from '@/components/layout/messages-page';
import { ResetPasswordForm } from '@/features/accounts/reset-password-form';

// The reset e-mail's link lands here: /dat-lai-mat-khau#<token> (never indexed, never cached: a per-visitor form).
export const generateMetadata = translatedTitle('accounts', 'resetTitle', { robots: { index: false } });

export default messagesPage('accounts', 'resetTitle', ResetPasswordForm);
