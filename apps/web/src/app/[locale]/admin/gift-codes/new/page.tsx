import { GiftCodeNewPage } from '@/features/gift-code/admin/gift-code-new-page';

export default function Page() {
  return <GiftCodeNewPage />;
}
