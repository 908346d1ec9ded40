import { GiftCodeBatchPage } from '@/features/admin/pages/gift-code-new-page';

export default function Page() {
  return <GiftCodeBatchPage />;
}
