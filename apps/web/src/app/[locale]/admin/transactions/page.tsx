import { Suspense } from 'react';
import { TransactionsPage } from '@/features/payments/admin/transactions-page';

export default function Page() {
  return (
    <Suspense>
      <TransactionsPage />
    </Suspense>
  );
}
