import { getTranslations } from 'next-intl/server';
import { LoginGate } from '@/components/auth/login-gate';
import { PageShell } from '@/components/layout/page-shell';
import { MyTickets } from '@/features/tickets/my-tickets';
import { PageMessages } from '@/i18n/page-messages';
import { pageLocale, type LocaleProps } from '@/i18n/routing';

export const metadata = { title: 'Yêu cầu của tôi' };

export default async function Page({ params }: LocaleProps) {
  await pageLocale(params);
  const t = await getTranslations('tickets');
  return (
    <PageShell title={t('myTicketsTitle')}>
      <PageMessages namespaces={['tickets']}>
        <LoginGate text={t('listGateText')}>
          <MyTickets />
        </LoginGate>
      </PageMessages>
    </PageShell>
  );
}
