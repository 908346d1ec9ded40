import { messagesPage, translatedTitle } from '@/components/layout/messages-page';
import { ForgotPasswordForm } from '@/features/accounts/forgot-password-form';

// "Quên mật khẩu?" from the sign-in dialog (never indexed, never cached: a per-visitor form).
export const generateMetadata = translatedTitle('accounts', 'forgotTitle', { robots: { index: false } });

export default messagesPage('accounts', 'forgotTitle', ForgotPasswordForm);
