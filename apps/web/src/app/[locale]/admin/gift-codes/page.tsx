import { Suspense } from 'react';
import { GiftCodesPage } from '@/features/gift-codes/admin/gift-codes-page';

export default function Page() {
  return (
    <Suspense>
      <GiftCodesPage />
    </Suspense>
  );
}
