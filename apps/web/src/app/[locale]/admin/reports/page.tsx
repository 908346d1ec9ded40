import { Suspense } from 'react';
import { DailyReportPage } from '@/features/admin/pages/daily-report-page';

export default function Page() {
  return (
    <Suspense>
      <DailyReportPage />
    </Suspense>
  );
}
