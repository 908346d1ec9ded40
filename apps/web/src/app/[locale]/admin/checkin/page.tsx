import { Suspense } from 'react';
import { CalendarPage } from '@/features/checkin/admin/calendar-page';
import { PageMessages } from '@/i18n/page-messages';

/** The check-in calendar for staff (content and admin). */
export default function Page() {
  return (
    <PageMessages namespaces={['checkin']}>
      <Suspense>
        <CalendarPage />
      </Suspense>
    </PageMessages>
  );
}
