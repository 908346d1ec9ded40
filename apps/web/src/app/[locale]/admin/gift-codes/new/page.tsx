import { GiftCodeNewPage } from '@/features/gift-codes/admin/gift-code-new-page';

export default function Page() {
  return <GiftCodeNewPage />;
}
