import { Suspense } from 'react';
import { PromotionListPage } from '@/features/store/promotions/promotion-pages';

/** The promotions for staff (content and admin). */
export default function Page() {
  return (
    <Suspense>
      <PromotionListPage />
    </Suspense>
  );
}
