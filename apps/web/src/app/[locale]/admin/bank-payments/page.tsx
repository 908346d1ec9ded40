import { Suspense } from 'react';
import { BankPaymentsPage } from '@/features/admin/pages/bank-payments-page';

export default function Page() {
  return (
    <Suspense>
      <BankPaymentsPage />
    </Suspense>
  );
}
