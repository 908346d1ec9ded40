import { getTranslations } from 'next-intl/server';
import { LoginGate } from '@/features/auth/login-gate';
import { PageShell } from '@/components/layout/page-shell';
import { TicketDetail } from '@/features/tickets/ticket-detail';
import { PageMessages } from '@/i18n/page-messages';
import { pageLocale } from '@/i18n/routing';
import { translatedTitle } from '@/components/layout/messages-page';

export const generateMetadata = translatedTitle('tickets', 'detailTitle');

export default async function Page({ params }: { params: Promise<{ locale: string; id: string }> }) {
  await pageLocale(params);
  const [{ id }, t] = await Promise.all([params, getTranslations('tickets')]);
  return (
    <PageShell title={t('detailTitle')}>
      <PageMessages namespaces={['tickets']}>
        <LoginGate text={t('listGateText')}>
          <TicketDetail id={id} />
        </LoginGate>
      </PageMessages>
    </PageShell>
  );
}
