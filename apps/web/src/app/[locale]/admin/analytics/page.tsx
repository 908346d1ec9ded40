import { Suspense } from 'react';
import { AnalyticsPage } from '@/features/analytics/admin/analytics-page';

export default function Page() {
  return (
    <Suspense>
      <AnalyticsPage />
    </Suspense>
  );
}
