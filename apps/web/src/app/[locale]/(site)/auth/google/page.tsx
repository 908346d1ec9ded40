import { MessagesPage, translatedTitle } from '@/components/layout/messages-page';
import { GoogleCallback } from '@/features/auth/google-callback';
import { PageMessages } from '@/i18n/page-messages';
import { SIGN_IN_NAMESPACES } from '@/i18n/namespaces';
import { pageLocale, type LocaleProps } from '@/i18n/routing';

export const generateMetadata = translatedTitle('googleCallback', 'callbackTitle', { robots: { index: false } });

/** Google's return: its own words, and sign-in's (linking an account), which the shell does not carry. */
export default async function Page({ params }: LocaleProps) {
  await pageLocale(params);
  return (
    <MessagesPage namespace="googleCallback" title="callbackTitle">
      <PageMessages namespaces={SIGN_IN_NAMESPACES}>
        <GoogleCallback />
      </PageMessages>
    </MessagesPage>
  );
}
