import { Suspense } from 'react';
import { DeliveriesPage } from '@/features/admin/pages/deliveries-page';

export default function Page() {
  return (
    <Suspense>
      <DeliveriesPage />
    </Suspense>
  );
}
