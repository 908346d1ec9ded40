import { VipTierCreatePage } from '@/features/store/vip-tiers/tier-pages';

/** A new VIP tier. */
export default function Page() {
  return <VipTierCreatePage />;
}
