import { Suspense } from 'react';
import { DeliveriesPage } from '@/features/store/admin/deliveries-page';

export default function Page() {
  return (
    <Suspense>
      <DeliveriesPage />
    </Suspense>
  );
}
