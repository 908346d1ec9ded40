import { TransactionDetailPage } from '@/features/store/admin/transaction-detail-page';

export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <TransactionDetailPage id={id} />;
}
