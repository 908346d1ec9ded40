import { getTranslations } from 'next-intl/server';
import { LoginGate } from '@/features/auth/login-gate';
import { MessagesPage, translatedTitle } from '@/components/layout/messages-page';
import { MyTickets } from '@/features/tickets/my-tickets';
import { pageLocale, type LocaleProps } from '@/i18n/routing';

export const generateMetadata = translatedTitle('tickets', 'myTicketsTitle');

export default async function Page({ params }: LocaleProps) {
  await pageLocale(params);
  const t = await getTranslations('tickets');
  return (
    <MessagesPage namespace="tickets" title="myTicketsTitle">
      <LoginGate text={t('listGateText')}>
        <MyTickets />
      </LoginGate>
    </MessagesPage>
  );
}
