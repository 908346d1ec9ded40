import { Suspense } from 'react';
import { DailyReportPage } from '@/features/payments/admin/daily-report-page';

export default function Page() {
  return (
    <Suspense>
      <DailyReportPage />
    </Suspense>
  );
}
