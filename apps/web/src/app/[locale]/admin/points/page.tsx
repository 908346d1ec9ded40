import { Suspense } from 'react';
import { PointsConsole } from '@/features/points/admin/points-console';

/** Points for staff: settings and shop (content, admin), adjustments (finance with players, admin), figures. */
export default function Page() {
  return (
    <Suspense>
      <PointsConsole />
    </Suspense>
  );
}
