import { messagesPage, translatedTitle } from '@/components/layout/messages-page';
import { SignUpForm } from '@/features/accounts/sign-up-form';

// Sign-up ("Đăng ký") (never indexed, never cached: a per-visitor form).
export const generateMetadata = translatedTitle('accounts', 'signUpTitle', { robots: { index: false } });

export default messagesPage('accounts', 'signUpTitle', SignUpForm);
