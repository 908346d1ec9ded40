import { Suspense } from 'react';
import { CalendarPage } from '@/features/checkin/admin/calendar-page';
import { PageMessages } from '@/i18n/page-messages';
import { pageLocale, type LocaleProps } from '@/i18n/routing';

/** The check-in calendar for staff (content and admin). */
export default async function Page({ params }: LocaleProps) {
  await pageLocale(params);
  return (
    <PageMessages namespaces={['checkin']}>
      <Suspense>
        <CalendarPage />
      </Suspense>
    </PageMessages>
  );
}
