import { Suspense } from 'react';
import { DeliveriesPage } from '@/features/mailbox/admin/deliveries-page';

export default function Page() {
  return (
    <Suspense>
      <DeliveriesPage />
    </Suspense>
  );
}
