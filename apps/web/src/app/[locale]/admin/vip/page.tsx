import { Suspense } from 'react';
import { VipTierListPage } from '@/features/store/vip-tiers/tier-pages';

/** The VIP tiers for staff (content and admin). */
export default function Page() {
  return (
    <Suspense>
      <VipTierListPage />
    </Suspense>
  );
}
