import { Suspense } from 'react';
import { TransactionsPage } from '@/features/admin/pages/transactions-page';

export default function Page() {
  return (
    <Suspense>
      <TransactionsPage />
    </Suspense>
  );
}
