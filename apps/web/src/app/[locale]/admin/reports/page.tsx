import { Suspense } from 'react';
import { DailyReportPage } from '@/features/store/admin/daily-report-page';

export default function Page() {
  return (
    <Suspense>
      <DailyReportPage />
    </Suspense>
  );
}
