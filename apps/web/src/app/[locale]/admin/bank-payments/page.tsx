import { Suspense } from 'react';
import { BankPaymentsPage } from '@/features/payments/admin/bank-payments-page';

export default function Page() {
  return (
    <Suspense>
      <BankPaymentsPage />
    </Suspense>
  );
}
