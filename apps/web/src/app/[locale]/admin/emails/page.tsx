import { Suspense } from 'react';
import { EmailsPage } from '@/features/email/admin/emails-page';
import { PageMessages } from '@/i18n/page-messages';
import { pageLocale, type LocaleProps } from '@/i18n/routing';

/** The e-mails the site sends (support and admin): their state, and their content in the demo. */
export default async function Page({ params }: LocaleProps) {
  await pageLocale(params);
  return (
    <PageMessages namespaces={['adminEmails']}>
      <Suspense>
        <EmailsPage />
      </Suspense>
    </PageMessages>
  );
}
