import { MessagesPage, translatedTitle } from '@/components/layout/messages-page';
import { GoogleCallback } from '@/features/auth/google-callback';
import { pageLocale, type LocaleProps } from '@/i18n/routing';

export const generateMetadata = translatedTitle('googleCallback', 'callbackTitle', { robots: { index: false } });

export default async function Page({ params }: LocaleProps) {
  await pageLocale(params);
  return (
    <MessagesPage namespace="googleCallback" title="callbackTitle">
      <GoogleCallback />
    </MessagesPage>
  );
}
