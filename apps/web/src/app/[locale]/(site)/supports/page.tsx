import { getTranslations } from 'next-intl/server';
import { LoginGate } from '@/features/auth/login-gate';
import { MessagesPage, translatedTitle } from '@/components/layout/messages-page';
import { CustomerCare } from '@/features/tickets/customer-care';
import { LazyTicketForm } from '@/features/tickets/lazy-ticket-form';
import { pageLocale, type LocaleProps } from '@/i18n/routing';

export const generateMetadata = translatedTitle('tickets', 'supportTitle');

export default async function Page({ params }: LocaleProps) {
  await pageLocale(params);
  const t = await getTranslations('tickets');
  return (
    <MessagesPage namespace="tickets" title="pageTitle" subtitle="pageSubtitle">
      <div className="grid gap-6 md:grid-cols-[300px_1fr] md:items-start">
        {/* On phones the form (and the success panel it turns into) comes first, so the scroll to top lands on it. */}
        <div className="order-2 md:order-1">
          <CustomerCare />
        </div>
        <div className="order-1 md:order-2">
          <LoginGate text={t('gateText')}>
            <LazyTicketForm />
          </LoginGate>
        </div>
      </div>
    </MessagesPage>
  );
}
