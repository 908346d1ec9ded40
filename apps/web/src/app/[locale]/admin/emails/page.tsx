import { Suspense } from 'react';
import { EmailsPage } from '@/features/email/admin/emails-page';
import { PageMessages } from '@/i18n/page-messages';

export default function Page() {
  return (
    <PageMessages namespaces={['adminEmails']}>
      <Suspense>
        <EmailsPage />
      </Suspense>
    </PageMessages>
  );
}
