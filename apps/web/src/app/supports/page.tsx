import { getTranslations } from 'next-intl/server';
import { LoginGate } from '@/components/auth/login-gate';
import { PageShell } from '@/components/layout/page-shell';
import { CustomerCare } from '@/features/tickets/customer-care';
import { TicketForm } from '@/features/tickets/ticket-form';

export const metadata = { title: 'Hỗ trợ' };

export default async function Page() {
  const t = await getTranslations('tickets');
  return (
    <PageShell title={t('pageTitle')} subtitle={t('pageSubtitle')}>
      <div className="grid gap-6 md:grid-cols-[300px_1fr] md:items-start">
        <CustomerCare />
        <LoginGate text={t('gateText')}>
          <TicketForm />
        </LoginGate>
      </div>
    </PageShell>
  );
}
