import { GiftCodeDetailPage } from '@/features/gift-codes/admin/gift-code-detail-page';

export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <GiftCodeDetailPage id={id} />;
}
