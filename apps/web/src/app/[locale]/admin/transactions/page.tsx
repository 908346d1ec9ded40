import { Suspense } from 'react';
import { TransactionsPage } from '@/features/store/admin/transactions-page';

export default function Page() {
  return (
    <Suspense>
      <TransactionsPage />
    </Suspense>
  );
}
