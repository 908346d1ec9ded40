import { PromotionCreatePage } from '@/features/store/promotions/promotion-pages';

/** A new promotion. */
export default function Page() {
  return <PromotionCreatePage />;
}
