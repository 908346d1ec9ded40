import { Suspense } from 'react';
import { GiftCodesPage } from '@/features/admin/pages/gift-codes-page';

export default function Page() {
  return (
    <Suspense>
      <GiftCodesPage />
    </Suspense>
  );
}
